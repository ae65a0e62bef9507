import { useCallback, useEffect, useRef } from "react";
import { createHistoryReporter, type HistoryReporter, sendHistory } from "./watch-history";

/**
 * Watch history for one video page: returns a second consumer for the player's `onPlaybackTime` (beside
 * view tracking). Off (`enabled` false) for visitors and while history is paused. Pauses are caught on the
 * document in the capture phase (media events do not bubble), so the player needs no extra callback; a
 * pre-roll's pause only re-sends the main video's last known position, which changes nothing.
 */
export function useWatchHistory(videoId: string, enabled: boolean): (currentTime: number, duration: number) => void {
  const reporter = useRef<HistoryReporter | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const current = createHistoryReporter({ videoId, send: sendHistory });
    reporter.current = current;
    const onPause = () => current.flush();
    const onHidden = () => {
      if (document.visibilityState === "hidden") current.flush({ leaving: true });
    };
    const onPageHide = () => current.flush({ leaving: true });
    document.addEventListener("pause", onPause, true);
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("pause", onPause, true);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPageHide);
      current.flush(); // a client-side navigation away from the video
      reporter.current = null;
    };
  }, [videoId, enabled]);
  return useCallback((currentTime: number, duration: number) => reporter.current?.onPlaybackTime(currentTime, duration), []);
}
