import { type RefObject, useEffect, useRef } from "react";

/**
 * A request to move the playhead from outside the player: the video page's "Resume at m:ss", a chapter in the
 * list under the player, the page's `?t=`. A new object for each request, so the same time asked twice seeks
 * twice. `play`: start playing too (the `?t=` of an arriving visitor only sets where the first play starts).
 */
export interface StartRequest {
  at: number;
  play: boolean;
}

/**
 * The `start` prop: when given (a new request), seek there and, if asked, play. The position is applied at
 * once when the stream's metadata is known, else when it arrives (the returned `loadedmetadata` handler);
 * playing goes through `togglePlay`, so a configured pre-roll still comes first.
 */
export function useStartTime(
  videoRef: RefObject<HTMLVideoElement | null>,
  start: StartRequest | undefined,
  isAttached: () => boolean,
  togglePlay: () => void,
): (video: HTMLVideoElement) => void {
  const pendingStart = useRef<number | null>(null);
  const latest = useRef({ isAttached, togglePlay });
  latest.current = { isAttached, togglePlay };

  useEffect(() => {
    const video = videoRef.current;
    if (start === undefined || !video) return;
    if (latest.current.isAttached() && video.readyState >= 1) video.currentTime = start.at;
    else pendingStart.current = start.at;
    if (start.play && video.paused) latest.current.togglePlay();
  }, [start, videoRef]);

  return (video) => {
    if (pendingStart.current === null) return;
    video.currentTime = pendingStart.current;
    pendingStart.current = null;
  };
}
