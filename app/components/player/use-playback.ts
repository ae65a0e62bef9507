import { type RefObject, useCallback, useRef, useState } from "react";
import { type Stream, useHlsStream } from "./use-hls-stream";

/** Nothing played yet (poster), the pre-roll showing, or the main video. */
export type Phase = "idle" | "preroll" | "main";

export interface Playback {
  phase: Phase;
  /** The phase as last set, ahead of the render that shows it: what the video's event handlers go by. */
  phaseNow: () => Phase;
  stream: Stream;
  /** Play was pressed and the first frame has not come yet (stream still loading). */
  starting: boolean;
  /** The stream is attached: play() and seeking may go to the element. */
  isAttached: () => boolean;
  /** Intent (pointer over, touch, focus): load hls.js and the playlists, not yet the segments. */
  warmUp: () => void;
  /** The Play/Pause button, Space/K, a click on the picture; the first play shows the pre-roll when there is one. */
  togglePlay: () => void;
  /** The pre-roll is over (ended, skipped or failed): the main video starts without another click. */
  finishPreRoll: () => void;
  /** Seeks the main video; nothing before the stream is attached. */
  seek: (time: number) => void;
  /** The video element's `play` event. */
  onPlay: () => void;
  /** The video element's `playing` event. */
  onPlaying: () => void;
  /** After a stream error: attach afresh and play from the beginning. */
  retry: () => void;
}

/**
 * Playing the video: the phases (idle, pre-roll, main) and the stream behind them. The stream attaches on
 * intent or on the first play, a play asked for before it is attached waits for it, and a play that comes
 * from outside our controls (media keys, the OS media session, a script) follows the same rules.
 * `onLeavePreRoll` runs just before the pre-roll gives way to the main video.
 */
export function usePlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string,
  hasPreRoll: boolean,
  onLeavePreRoll: () => void,
): Playback {
  const [phase, setPhase] = useState<Phase>("idle");
  const phaseRef = useRef<Phase>("idle");
  phaseRef.current = phase;
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [starting, setStarting] = useState(false);
  const attached = useRef(false);
  const pendingPlay = useRef(false);
  const onLeavePreRollRef = useRef(onLeavePreRoll);
  onLeavePreRollRef.current = onLeavePreRoll;

  const play = () => {
    const video = videoRef.current;
    if (!video) return;
    stream.startLoading();
    video.play().catch(() => setStarting(false)); // refused (autoplay policy) or interrupted by a pause
  };

  const onAttached = () => {
    attached.current = true;
    if (!pendingPlay.current) return;
    pendingPlay.current = false;
    play();
  };
  const stream = useHlsStream(videoRef, src, wanted, attempt, onAttached);

  /** Plays the main video, loading the stream first if it is not attached yet. */
  const startMain = () => {
    setStarting(true);
    if (attached.current) play();
    else {
      pendingPlay.current = true;
      setWanted(true);
    }
  };

  const finishPreRoll = useCallback(() => {
    if (phaseRef.current !== "preroll") return;
    onLeavePreRollRef.current();
    phaseRef.current = "main";
    setPhase("main");
    startMainRef.current();
  }, []);
  const startMainRef = useRef(startMain);
  startMainRef.current = startMain;

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video || phase === "preroll") return;
    if (phase === "idle") {
      setWanted(true); // warm the main stream up while a pre-roll plays
      if (hasPreRoll) {
        setPhase("preroll");
        return;
      }
      setPhase("main");
    }
    if (video.paused || video.ended) startMain();
    else video.pause();
  };

  // A play that did not come through our controls (media keys, the OS media session, a script): the same
  // rules apply. It may come before the stream is attached (then it is remembered) or ahead of a pre-roll.
  const onPlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (phaseRef.current === "preroll" || (phaseRef.current === "idle" && hasPreRoll)) {
      video.pause();
      if (phaseRef.current === "idle") togglePlay();
      return;
    }
    if (phaseRef.current === "idle") setPhase("main");
    // Attached on intent, segments not yet asked for (autoStartLoad is off): ask now.
    if (attached.current) stream.startLoading();
    else startMain();
  };

  const seek = (time: number) => {
    const video = videoRef.current;
    if (video && attached.current) video.currentTime = time;
  };

  const retry = () => {
    attached.current = false;
    pendingPlay.current = true;
    setStarting(true);
    setPhase("main");
    setAttempt((n) => n + 1); // a fresh attachment: the video starts again from the beginning
  };

  return {
    phase,
    phaseNow: () => phaseRef.current,
    stream,
    starting,
    isAttached: () => attached.current,
    warmUp: () => setWanted(true),
    togglePlay,
    finishPreRoll,
    seek,
    onPlay,
    onPlaying: () => setStarting(false),
    retry,
  };
}
