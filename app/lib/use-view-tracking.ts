import { useCallback, useEffect, useRef } from "react";
import { createViewTracker, type ViewTracker } from "./view-tracking";

/**
 * View tracking for one video page: returns the callback for the player's `onPlaybackTime` (the main
 * video's timeupdate; never a pre-roll). A new video or token (client-side navigation) starts a new tracker.
 */
export function useViewTracking(videoId: string, token: string | null): (currentTime: number, duration: number) => void {
  const tracker = useRef<ViewTracker | null>(null);
  useEffect(() => {
    tracker.current = createViewTracker({ videoId, token });
    return () => {
      tracker.current = null;
    };
  }, [videoId, token]);
  return useCallback((currentTime: number, duration: number) => tracker.current?.onPlaybackTime(currentTime, duration), []);
}
