import type Hls from "hls.js";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { HLS_CONFIG } from "./hls-config";
import { type Rendition, renditionsOf } from "./renditions";

/**
 * What went wrong, worded by ErrorOverlay in the page's language: the stream or its media failed ("media", which a
 * retry may mend), or the player's library could not load or this browser cannot play HLS at all ("library").
 */
export type StreamError = "media" | "library";
export const MEDIA_ERROR: StreamError = "media";
export const LIBRARY_ERROR: StreamError = "library";

export interface Stream {
  /** Renditions from the HLS master playlist; empty with native HLS (Safari chooses itself) or before it loads. */
  renditions: Rendition[];
  /** The chosen level, -1 for Auto. */
  level: number;
  /** Height of the level hls.js is playing now (what "Auto" currently means). */
  playingHeight: number | null;
  error: StreamError | null;
  setLevel: (level: number) => void;
  /** Starts fetching segments from where the element stands; once per attachment. */
  startLoading: () => void;
}

/**
 * Attaches `src` to the video element once `wanted` turns true (never with the page: the poster is all that
 * loads until the visitor shows intent), through hls.js where Media Source Extensions exist and the browser's
 * own HLS (Safari) elsewhere. `onAttached` fires when play() may be called. Bumping `attempt` starts over.
 */
export function useHlsStream(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string,
  wanted: boolean,
  attempt: number,
  onAttached: () => void,
): Stream {
  const [renditions, setRenditions] = useState<Rendition[]>([]);
  const [level, setLevelState] = useState(-1);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const [error, setError] = useState<StreamError | null>(null);
  const hlsRef = useRef<Hls | null>(null);
  const loadingRef = useRef(false);
  const attachedRef = useRef(onAttached);
  attachedRef.current = onAttached;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the effect when the visitor retries
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !wanted) return;
    let cancelled = false;
    let teardown: (() => void) | undefined;
    setError(null);
    setLevelState(-1);

    const attachNative = () => {
      const onError = () => setError(MEDIA_ERROR);
      video.addEventListener("error", onError);
      video.src = src;
      teardown = () => {
        video.removeEventListener("error", onError);
        video.removeAttribute("src");
        video.load();
      };
      attachedRef.current();
    };

    const attachHls = (HlsClass: typeof Hls) => {
      const hls = new HlsClass(HLS_CONFIG);
      hlsRef.current = hls;
      loadingRef.current = false;
      let recoveredMedia = false;
      hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
        setRenditions(renditionsOf(hls.levels));
        attachedRef.current();
      });
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlayingHeight(hls.levels[data.level]?.height ?? null));
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // A decode hiccup is often recoverable once; a network failure after hls.js's own retries is not.
        if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
          recoveredMedia = true;
          hls.recoverMediaError();
          return;
        }
        setError(MEDIA_ERROR);
      });
      hls.loadSource(src);
      hls.attachMedia(video);
      teardown = () => {
        hls.destroy();
        hlsRef.current = null;
      };
    };

    const hasMse = "MediaSource" in window || "ManagedMediaSource" in window;
    const hasNativeHls = video.canPlayType("application/vnd.apple.mpegurl") !== "";
    if (!hasMse) {
      if (hasNativeHls) attachNative();
      else setError(LIBRARY_ERROR);
    } else {
      import("hls.js/light")
        .then(({ default: HlsClass }) => {
          if (cancelled) return;
          if (HlsClass.isSupported()) attachHls(HlsClass);
          else if (hasNativeHls) attachNative();
          else setError(LIBRARY_ERROR);
        })
        .catch(() => {
          if (!cancelled) setError(LIBRARY_ERROR);
        });
    }
    return () => {
      cancelled = true;
      teardown?.();
    };
  }, [src, wanted, attempt, videoRef]);

  const setLevel = useCallback((next: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // currentLevel switches at once (flushing the buffer ahead), so the choice shows without waiting for it.
    hls.currentLevel = next;
    setLevelState(next);
  }, []);

  const startLoading = useCallback(() => {
    const hls = hlsRef.current;
    if (!hls || loadingRef.current) return;
    loadingRef.current = true;
    hls.startLoad(-1);
  }, []);

  return { renditions, level, playingHeight, error, setLevel, startLoading };
}
