import { type RefObject, startTransition, useEffect, useRef, useState } from "react";

/** What the controls show, mirrored from the video element's own state on its events. */
export interface MediaState {
  paused: boolean;
  /** Waiting for data while playback is wanted. */
  waiting: boolean;
  ended: boolean;
  currentTime: number;
  /** From the stream once known; until then the duration the page already knows. */
  duration: number;
  /** End of the buffered range that holds the playhead (0 when none). */
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  rate: number;
  pip: boolean;
}

const EVENTS = [
  "play",
  "pause",
  "playing",
  "waiting",
  "canplay",
  "seeking",
  "seeked",
  "ended",
  "timeupdate",
  "durationchange",
  "loadedmetadata",
  "progress",
  "volumechange",
  "ratechange",
  "enterpictureinpicture",
  "leavepictureinpicture",
  "emptied",
] as const;

/** End of the buffered range that holds the playhead (a range starting just ahead of it counts), or 0. */
export function bufferedEndAt(video: { buffered: Pick<TimeRanges, "length" | "start" | "end">; currentTime: number }): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && currentTime <= buffered.end(i)) return buffered.end(i);
  }
  return 0;
}

/**
 * Whether the element waits for data after `event` (undefined: the first read), given whether it did before:
 * waiting or seeking starts it, playing, canplay, seeked or pause settle it from the element's own state, a new
 * source (emptied) clears it, and any other event leaves it as it was.
 */
export function waitingAfter(was: boolean, event: string | undefined, video: { readyState: number; paused: boolean }): boolean {
  if (event === "waiting" || event === "seeking") return true;
  if (event === "playing" || event === "canplay" || event === "seeked" || event === "pause") return video.readyState < 3 && !video.paused;
  if (event === "emptied") return false;
  return was;
}

/** The video element's state for the controls, updated on its events. */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>, knownDuration: number): MediaState {
  const [state, setState] = useState<MediaState>({
    paused: true,
    waiting: false,
    ended: false,
    currentTime: 0,
    duration: knownDuration,
    bufferedEnd: 0,
    volume: 1,
    muted: false,
    rate: 1,
    pip: false,
  });
  const waitingRef = useRef(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const sync = (event?: Event) => {
      waitingRef.current = waitingAfter(waitingRef.current, event?.type, video);
      setState({
        paused: video.paused,
        waiting: waitingRef.current && !video.paused,
        ended: video.ended,
        currentTime: video.currentTime,
        duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : knownDuration,
        bufferedEnd: bufferedEndAt(video),
        volume: video.volume,
        muted: video.muted,
        rate: video.playbackRate,
        pip: document.pictureInPictureElement === video,
      });
    };
    for (const name of EVENTS) video.addEventListener(name, sync);
    startTransition(() => sync()); // the first reading, right after hydration: a transition (app/lib/use-hydrated.ts)
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, sync);
    };
  }, [videoRef, knownDuration]);

  return state;
}
