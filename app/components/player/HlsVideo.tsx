import { useEffect, useRef, useState } from "react";

const MEDIA_ERROR = "Failed to load video. Please try again later.";
const LIBRARY_ERROR = "Failed to load video player. Please try again later.";

/**
 * A plain HLS video element. Browsers with native HLS (Safari) play the playlist directly; elsewhere
 * hls.js is loaded on demand, so it never weighs on pages without a player.
 */
export function HlsVideo({ src, poster, title }: { src: string; poster?: string | null; title: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the effect when the visitor retries
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setError(null);
    let destroyed = false;
    let destroy: (() => void) | undefined;
    const onError = () => setError(MEDIA_ERROR);

    if (video.canPlayType("application/vnd.apple.mpegurl") && !/Chrome|Chromium|Edg/.test(navigator.userAgent)) {
      video.src = src;
      video.addEventListener("error", onError);
      destroy = () => video.removeEventListener("error", onError);
    } else {
      import("hls.js")
        .then(({ default: Hls }) => {
          if (destroyed) return;
          if (!Hls.isSupported()) {
            setError(LIBRARY_ERROR);
            return;
          }
          const hls = new Hls({ capLevelToPlayerSize: true });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) setError(MEDIA_ERROR);
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
        })
        .catch(() => setError(LIBRARY_ERROR));
    }
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [src, attempt]);

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
      {/* biome-ignore lint/a11y/useMediaCaption: abstract synthetic clips with ambient audio, no speech */}
      <video
        ref={videoRef}
        controls
        playsInline
        preload="metadata"
        poster={poster ?? undefined}
        aria-label={title}
        className="h-full w-full"
      />
      {error && (
        <div role="alert" className="absolute inset-0 grid place-items-center bg-black/80 p-6 text-center">
          <div>
            <p>{error}</p>
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="mt-4 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500"
            >
              Retry
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
