import { type RefObject, useEffect, useRef, useState } from "react";

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

function bufferedEndAt(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && currentTime <= buffered.end(i)) return buffered.end(i);
  }
  return 0;
}

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
      if (event?.type === "waiting" || event?.type === "seeking") waitingRef.current = true;
      if (event?.type === "playing" || event?.type === "canplay" || event?.type === "seeked" || event?.type === "pause")
        waitingRef.current = video.readyState < 3 && !video.paused;
      if (event?.type === "emptied") waitingRef.current = false;
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
        pip: typeof document !== "undefined" && document.pictureInPictureElement === video,
      });
    };
    for (const name of EVENTS) video.addEventListener(name, sync);
    sync();
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, sync);
    };
  }, [videoRef, knownDuration]);

  return state;
}
