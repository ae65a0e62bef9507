/**
 * Choosing what a VAST ad plays and where its click goes: plain functions over the parsed document, so
 * they are tested without a browser or the VAST library.
 */

export interface AdMediaFile {
  fileURL: string;
  mimeType: string;
  deliveryType?: string;
  apiFramework?: string | null;
  width?: number;
  height?: number;
  bitrate?: number;
}

/** Rough ceiling for a pre-roll on the web: past this a fast first frame suffers for little visible gain. */
const MAX_BITRATE_KBPS = 4_000;

/**
 * The media file to play: one the browser says it can play (`canPlay(mimeType)`: MP4, WebM, or HLS where
 * the browser plays it natively), not an interactive (VPAID) unit, served over http(s); among those
 * the smallest one at least as wide as the player (crisp without waste), else the widest below it, and
 * within a bitrate a pre-roll can start quickly with.
 */
export function pickMediaFile(
  files: readonly AdMediaFile[],
  canPlay: (mimeType: string) => boolean,
  playerWidth: number,
): AdMediaFile | undefined {
  const playable = files.filter(
    (f) => typeof f.fileURL === "string" && isHttpUrl(f.fileURL.trim()) && !f.apiFramework && canPlay(f.mimeType),
  );
  const affordable = playable.filter((f) => !f.bitrate || f.bitrate <= MAX_BITRATE_KBPS);
  const pool = affordable.length ? affordable : playable;
  const width = (f: AdMediaFile) => f.width || 0;
  const wideEnough = pool.filter((f) => width(f) >= playerWidth).sort((a, b) => width(a) - width(b) || (a.bitrate ?? 0) - (b.bitrate ?? 0));
  if (wideEnough.length) return wideEnough[0];
  return [...pool].sort((a, b) => width(b) - width(a) || (b.bitrate ?? 0) - (a.bitrate ?? 0))[0];
}

/** Only absolute http(s) addresses become links or sources: an ad server must not hand us `javascript:`. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

/** VAST error codes (IAB VAST 4, section 2.3.6.3) the player reports. */
export const VAST_ERROR = {
  /** No ad in the response (vast-client reports this one itself, as 303). */
  noAd: 303,
  /** No media file the player can play. */
  unsupportedMedia: 403,
  /** General linear error: the browser refused to play the creative at all. */
  linear: 400,
  /** The media file stopped making progress (VAST's "timeout of MediaFile URI"). */
  mediaTimeout: 402,
  /** The media file could not be played (network, decode). */
  mediaFailed: 405,
  /** Timeout of the VAST URI (the 4 s ad time-out). */
  timeout: 301,
  /** Undefined error (fetch or parse failed before any ad was known). */
  undefined: 900,
} as const;
