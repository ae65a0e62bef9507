import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { stillAtWidth } from "~/lib/images";

const MEDIA_ERROR = "Failed to load video. Please try again later.";
const LIBRARY_ERROR = "Failed to load video player. Please try again later.";
/** The poster variant for `<video poster>` (one URL, no srcset): 768 px covers a phone at DPR 2 and most laptop layouts. */
const POSTER_WIDTH = 768;

/**
 * A plain HLS video element. Browsers with native HLS (Safari) play the playlist directly; elsewhere
 * hls.js is loaded on demand, so it never weighs on pages without a player.
 *
 * Nothing of the stream (hls.js, playlists, segments) loads with the page: the poster is all a visitor sees
 * until they show intent (pointer over or touching the player, keyboard focus on it) or press play. A play
 * (a click or Enter/Space on the player, or `play()`) before the stream is attached is remembered and
 * resumed once the playlist is parsed.
 */
export function HlsVideo({
  src,
  poster,
  title,
  onPlaybackTime,
  renderPreRoll,
  startTime,
}: {
  src: string;
  poster?: string | null;
  title: string;
  /** Called on every timeupdate of the video (view tracking). */
  onPlaybackTime?: (currentTime: number, duration: number) => void;
  /**
   * A pre-roll ad: rendered in the player box at the visitor's first play (the video paused, its controls
   * hidden); once it calls `finish`, the video plays without a second click.
   */
  renderPreRoll?: (finish: () => void) => React.ReactNode;
  /** When set (or changed): seek there and play (the video page's "Resume at m:ss"). */
  startTime?: number;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // "pending" until the first play, "showing" while the pre-roll runs, then "done" (also without one).
  const preRoll = useRef<"pending" | "showing" | "done">(renderPreRoll ? "pending" : "done");
  const [showingPreRoll, setShowingPreRoll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [wanted, setWanted] = useState(false);
  const pendingPlay = useRef(false);
  const attached = useRef(false);
  const want = () => setWanted(true);
  const posterUrl = poster ? stillAtWidth(poster, POSTER_WIDTH) : undefined;
  // The poster is the video page's largest paint: fetch it from <head>, before the stylesheet and scripts.
  if (posterUrl) preload(posterUrl, { as: "image", fetchPriority: "high" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the effect when the visitor retries
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !wanted) return;
    setError(null);
    const resumePlay = () => {
      attached.current = true;
      if (!pendingPlay.current || preRoll.current === "showing") return;
      pendingPlay.current = false;
      video.play().catch(() => {});
    };
    let destroyed = false;
    let destroy: (() => void) | undefined;
    const onError = () => setError(MEDIA_ERROR);

    if (video.canPlayType("application/vnd.apple.mpegurl") && !/Chrome|Chromium|Edg/.test(navigator.userAgent)) {
      video.src = src;
      resumePlay();
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
          hls.on(Hls.Events.MANIFEST_PARSED, resumePlay);
          hls.loadSource(src);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
        })
        .catch(() => setError(LIBRARY_ERROR));
    }
    return () => {
      destroyed = true;
      attached.current = false;
      destroy?.();
    };
  }, [src, attempt, wanted]);

  // Until the stream is attached, the browser's controls have no source and ignore a click or a key: take
  // such a press as "play" and start as soon as the playlist is parsed.
  const onPlay = () => {
    if (preRoll.current !== "done") {
      // The first play starts the pre-roll instead; the stream keeps warming up behind it.
      videoRef.current?.pause();
      pendingPlay.current = true;
      setWanted(true);
      if (preRoll.current === "pending") {
        preRoll.current = "showing";
        setShowingPreRoll(true);
      }
      return;
    }
    if (attached.current) return;
    pendingPlay.current = true;
    setWanted(true);
  };
  // A start position asked for before the stream's metadata is known is applied once it is.
  const pendingStart = useRef<number | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (startTime === undefined || !video) return;
    if (video.readyState >= 1) video.currentTime = startTime;
    else pendingStart.current = startTime;
    video.play().catch(() => {}); // a play before the stream is attached is remembered (onPlay)
  }, [startTime]);
  const onLoadedMetadata = () => {
    const video = videoRef.current;
    if (video && pendingStart.current !== null) video.currentTime = pendingStart.current;
    pendingStart.current = null;
  };
  const refocus = useRef(false);
  useEffect(() => {
    if (showingPreRoll || !refocus.current) return;
    refocus.current = false;
    videoRef.current?.focus({ preventScroll: true });
  }, [showingPreRoll]);
  const finishPreRoll = () => {
    if (preRoll.current !== "showing") return;
    preRoll.current = "done";
    setShowingPreRoll(false);
    const video = videoRef.current;
    // Focus was on the ad's controls, which are going: the video takes it once its controls are back.
    refocus.current = Boolean(boxRef.current?.contains(document.activeElement)) || document.activeElement === document.body;
    if (attached.current && video) {
      pendingPlay.current = false;
      video.play().catch(() => {});
    }
    // else pendingPlay is set: the video starts as soon as its playlist is parsed.
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") onPlay();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: these only warm up the stream; the video's own controls are the interactive element
    <div
      ref={boxRef}
      className="relative aspect-video w-full overflow-hidden rounded-xl bg-black"
      onPointerEnter={want}
      onTouchStart={want}
      onFocus={want}
      onClick={onPlay}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: abstract synthetic clips with ambient audio, no speech */}
      <video
        ref={videoRef}
        controls={!showingPreRoll}
        playsInline
        preload="metadata"
        poster={posterUrl}
        onPlay={onPlay}
        onLoadedMetadata={onLoadedMetadata}
        onTimeUpdate={onPlaybackTime && ((event) => onPlaybackTime(event.currentTarget.currentTime, event.currentTarget.duration))}
        aria-label={title}
        className="h-full w-full"
      />
      {showingPreRoll && renderPreRoll?.(finishPreRoll)}
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
