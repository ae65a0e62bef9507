import { type RefObject, useEffect, useRef } from "react";

/**
 * The `startTime` prop (the video page's "Resume at m:ss"): when set or changed, seek there and play. The
 * position is applied at once when the stream's metadata is known, else when it arrives (the returned
 * `loadedmetadata` handler); playing goes through `togglePlay`, so a configured pre-roll still comes first.
 */
export function useStartTime(
  videoRef: RefObject<HTMLVideoElement | null>,
  startTime: number | undefined,
  isAttached: () => boolean,
  togglePlay: () => void,
): (video: HTMLVideoElement) => void {
  const pendingStart = useRef<number | null>(null);
  const latest = useRef({ isAttached, togglePlay });
  latest.current = { isAttached, togglePlay };

  useEffect(() => {
    const video = videoRef.current;
    if (startTime === undefined || !video) return;
    if (latest.current.isAttached() && video.readyState >= 1) video.currentTime = startTime;
    else pendingStart.current = startTime;
    if (video.paused) latest.current.togglePlay();
  }, [startTime, videoRef]);

  return (video) => {
    if (pendingStart.current === null) return;
    video.currentTime = pendingStart.current;
    pendingStart.current = null;
  };
}
