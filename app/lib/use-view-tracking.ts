import { useCallback, useEffect, useRef } from "react";
import { createViewTracker, type ViewTracker } from "./view-tracking";

/**
 * View tracking for one video page: returns the callback for the player's `onPlaybackTime` (the main
 * video's timeupdate; never a pre-roll). The tracker asks for its play token on the first playback; a new
 * video (client-side navigation) starts a new tracker.
 */
export function useViewTracking(videoId: string): (currentTime: number, duration: number) => void {
  const tracker = useRef<ViewTracker | null>(null);
  useEffect(() => {
    tracker.current = createViewTracker({ videoId });
    return () => {
      tracker.current = null;
    };
  }, [videoId]);
  return useCallback((currentTime: number, duration: number) => tracker.current?.onPlaybackTime(currentTime, duration), []);
}
