/** The files media folders hold, by extension, with the type each is served as; anything else is a 404. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".m4s": "video/iso.segment",
  ".mp4": "video/mp4",
  ".vtt": "text/vtt; charset=utf-8",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
};

/**
 * Published media never change under their URL: a video's files live under its own fresh id, and a new
 * rendering gets a new folder. Local disk (server/http/static-files.ts) and object storage say the same.
 */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
