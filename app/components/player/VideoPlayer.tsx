import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { stillAtWidth } from "~core/images";
import { useAutoHide } from "./auto-hide";
import { type ControlActions, Controls, type OpenMenu } from "./Controls";
import { Icon } from "./icons";
import { useMediaState } from "./media-state";
import { readPreferences, writePreferences } from "./preferences";
import { actionForKey, focusedControlOwnsKey, isTypingTarget, type PlayerAction, seekTarget, steppedSpeed } from "./shortcuts";
import { MEDIA_ERROR, useStream } from "./stream";
import { useTheater } from "./theater";

/** The poster variant for `<video poster>` (one URL, no srcset): 768 px covers a phone at DPR 2 and most laptop layouts. */
const POSTER_WIDTH = 768;

export interface VideoPlayerProps {
  /** HLS master playlist. */
  src: string;
  poster?: string | null;
  title: string;
  /** Seconds, as the catalogue knows it: the total time shows before the stream is loaded. */
  duration?: number;
  /** WebVTT storyboard (cues `sprite.jpg#xywh=x,y,w,h`) for scrub previews; fetched on the first hover of the seek bar. */
  storyboardUrl?: string | null;
  /** Called on every `timeupdate` of the main video (never during a pre-roll). */
  onPlaybackTime?: (currentTime: number, duration: number) => void;
  /**
   * When given, the visitor's first play shows this inside the player instead of the main video's controls
   * (the main video stays paused); calling `finish()` starts the main video without another click.
   */
  renderPreRoll?: (finish: () => void) => ReactNode;
  /** When set (or changed): seek there and play (the video page's "Resume at m:ss"). */
  startTime?: number;
}

/** Nothing played yet (poster), the pre-roll showing, or the main video. */
type Phase = "idle" | "preroll" | "main";

/**
 * The video page's player: our own controls over a `<video>` fed by hls.js (or Safari's own HLS).
 *
 * Nothing of the stream loads with the page: the poster shows at once, and hls.js with the playlists loads
 * on intent (pointer over, touch, focus) and the segments on play. Shortcuts, menus, auto-hiding controls,
 * theater mode and fullscreen: see docs/decisions/0008-player.md.
 */
export function VideoPlayer({
  src,
  poster,
  title,
  duration = 0,
  storyboardUrl,
  onPlaybackTime,
  renderPreRoll,
  startTime,
}: VideoPlayerProps) {
  const container = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const phaseRef = useRef<Phase>("idle");
  phaseRef.current = phase;
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** Play was pressed and the first frame has not come yet (stream still loading). */
  const [starting, setStarting] = useState(false);
  const [openMenu, setOpenMenu] = useState<OpenMenu>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [pipSupported, setPipSupported] = useState(false);
  const { theater, setTheater } = useTheater();
  const attached = useRef(false);
  const pendingPlay = useRef(false);
  const pointerType = useRef("mouse");

  const posterUrl = poster ? stillAtWidth(poster, POSTER_WIDTH) : undefined;
  // The poster is the video page's largest paint: fetch it from <head>, before the stylesheet and scripts.
  if (posterUrl) preload(posterUrl, { as: "image", fetchPriority: "high" });

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
  const stream = useStream(videoRef, src, wanted, attempt, onAttached);
  const media = useMediaState(videoRef, duration);
  const error = stream.error;

  /** Plays the main video, loading the stream first if it is not attached yet. */
  const startMain = () => {
    setStarting(true);
    if (attached.current) play();
    else {
      pendingPlay.current = true;
      setWanted(true);
    }
  };

  const refocusAfterPreRoll = useRef(false);
  const finishPreRoll = useCallback(() => {
    if (phaseRef.current !== "preroll") return;
    // Focus was on the ad's controls, which are going: our Play/Pause button takes it once it is back.
    const active = document.activeElement;
    refocusAfterPreRoll.current = Boolean(container.current?.contains(active)) || active === document.body;
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
      if (renderPreRoll) {
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
  const onNativePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (phaseRef.current === "preroll" || (phaseRef.current === "idle" && renderPreRoll)) {
      video.pause();
      if (phaseRef.current === "idle") togglePlay();
      return;
    }
    if (phaseRef.current === "idle") setPhase("main");
    // Attached on intent, segments not yet asked for (autoStartLoad is off): ask now.
    if (attached.current) stream.startLoading();
    else startMain();
  };

  const setRate = (rate: number) => {
    const video = videoRef.current;
    if (!video) return;
    // A new source resets playbackRate to defaultPlaybackRate: set both so the choice survives attaching.
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  };

  const actions: ControlActions = {
    togglePlay,
    toggleMute: () => {
      const video = videoRef.current;
      if (!video) return;
      if (video.muted || video.volume === 0) {
        video.muted = false;
        if (video.volume === 0) video.volume = 0.5;
      } else video.muted = true;
    },
    setVolume: (volume) => {
      const video = videoRef.current;
      if (!video) return;
      video.volume = volume;
      video.muted = volume === 0;
    },
    seek: (time) => {
      const video = videoRef.current;
      if (video && attached.current) video.currentTime = time;
    },
    setRate,
    toggleTheater: () => setTheater(!theater),
    toggleFullscreen: () => {
      const el = container.current;
      const video = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
      if (!el || !video) return;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      // The container, not the video, goes fullscreen so that our controls come along.
      else if (el.requestFullscreen) void el.requestFullscreen().catch(() => {});
      else video.webkitEnterFullscreen?.(); // iPhone Safari: only the video element can
    },
    togglePip: () => {
      const video = videoRef.current;
      if (!video) return;
      if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
      else void video.requestPictureInPicture().catch(() => {});
    },
  };

  const run = (action: PlayerAction) => {
    const video = videoRef.current;
    if (!video) return;
    switch (action.type) {
      case "toggle-play":
        return togglePlay();
      case "toggle-mute":
        return actions.toggleMute();
      case "toggle-fullscreen":
        return actions.toggleFullscreen();
      case "restart":
        return actions.seek(0);
      case "seek-by":
        return actions.seek(seekTarget(video.currentTime, action.seconds, video.duration));
      case "speed-by":
        return setRate(steppedSpeed(video.playbackRate, action.step));
    }
  };
  const runRef = useRef(run);
  runRef.current = run;

  // A start position (resume) is applied at once when the stream's metadata is known, else when it arrives;
  // playing goes through the usual path, so a configured pre-roll still comes first.
  const pendingStart = useRef<number | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (startTime === undefined || !video) return;
    if (attached.current && video.readyState >= 1) video.currentTime = startTime;
    else pendingStart.current = startTime;
    if (video.paused) runRef.current({ type: "toggle-play" });
  }, [startTime]);
  const applyPendingStart = (video: HTMLVideoElement) => {
    if (pendingStart.current === null) return;
    video.currentTime = pendingStart.current;
    pendingStart.current = null;
  };

  const canHide = phase === "main" && !media.paused && !openMenu && !error;
  const { visible, reveal, hide } = useAutoHide(canHide);

  // Shortcuts: while focus is in the player or on the page body (nothing in particular), never while another
  // control of the page has it, while typing, or while a pre-roll shows.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const el = container.current;
      const target = event.target as HTMLElement | null;
      if (!el || !target || event.defaultPrevented || phaseRef.current === "preroll") return;
      const inScope = el.contains(target) || target === document.body || target === document.documentElement;
      if (!inScope || isTypingTarget(target) || focusedControlOwnsKey(target, event.key)) return;
      const action = actionForKey(event);
      if (!action) return;
      event.preventDefault(); // Space would scroll the page, arrows too
      runRef.current(action);
      reveal();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [reveal]);

  // Remembered volume, mute and speed: read after hydration, written whenever they change.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const prefs = readPreferences();
    video.volume = prefs.volume;
    video.muted = prefs.muted;
    video.defaultPlaybackRate = prefs.rate;
    video.playbackRate = prefs.rate;
    const save = () => writePreferences({ volume: video.volume, muted: video.muted, rate: video.playbackRate });
    video.addEventListener("volumechange", save);
    video.addEventListener("ratechange", save);
    return () => {
      video.removeEventListener("volumechange", save);
      video.removeEventListener("ratechange", save);
    };
  }, []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener("fullscreenchange", onChange);
    const video = videoRef.current;
    setPipSupported(Boolean(document.pictureInPictureEnabled && video && !video.disablePictureInPicture));
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  useEffect(() => {
    if (phase !== "main" || !refocusAfterPreRoll.current) return;
    refocusAfterPreRoll.current = false;
    container.current?.querySelector<HTMLButtonElement>("[data-testid=player-controls] button")?.focus({ preventScroll: true });
  }, [phase]);

  // Theater mode is the layout's: leave it as it was found when the player goes away.
  useEffect(() => () => setTheater(false), [setTheater]);

  const onPlaybackTimeRef = useRef(onPlaybackTime);
  onPlaybackTimeRef.current = onPlaybackTime;

  const onSurfaceClick = () => {
    // On touch, a tap while playing shows (or hides) the controls instead of pausing under the finger.
    if (pointerType.current === "touch" && phase === "main" && !media.paused) {
      if (visible) hide();
      else reveal();
      return;
    }
    togglePlay();
  };

  const retry = () => {
    attached.current = false;
    pendingPlay.current = true;
    setStarting(true);
    setPhase("main");
    setAttempt((n) => n + 1); // a fresh attachment: the video starts again from the beginning
  };

  const busy = (starting || media.waiting) && !error && phase !== "preroll";

  return (
    // Pointer and focus handlers here only reveal the controls or warm the stream up; every action has its own button.
    <section
      ref={container}
      aria-label={`Video player: ${title}`}
      tabIndex={-1}
      data-theater={theater || undefined}
      onPointerEnter={() => setWanted(true)}
      onPointerDown={(event) => {
        pointerType.current = event.pointerType;
        setWanted(true);
      }}
      onPointerMove={(event) => event.pointerType === "mouse" && reveal()}
      onMouseLeave={() => hide()}
      onFocus={() => {
        setWanted(true);
        reveal();
      }}
      className={`relative aspect-video w-full overflow-hidden bg-black outline-none select-none ${fullscreen ? "" : "rounded-xl"} ${
        theater && !fullscreen ? "max-h-[calc(100svh-9rem)]" : ""
      } ${visible ? "" : "cursor-none"}`}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: abstract synthetic clips with ambient audio, no speech */}
      <video
        ref={videoRef}
        playsInline
        preload="none"
        poster={posterUrl}
        aria-label={title}
        // A click on the picture plays or pauses, as in every player; the keyboard has the Play button and Space/K.
        onClick={onSurfaceClick}
        onDoubleClick={actions.toggleFullscreen}
        onPlay={onNativePlay}
        onPlaying={() => setStarting(false)}
        onLoadedMetadata={(event) => applyPendingStart(event.currentTarget)}
        onTimeUpdate={(event) => {
          if (phaseRef.current === "main") onPlaybackTimeRef.current?.(event.currentTarget.currentTime, event.currentTarget.duration);
        }}
        className="h-full w-full object-contain"
      />
      {media.paused && !busy && phase !== "preroll" && !error && (
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 grid place-items-center">
          <span className="grid h-16 w-16 place-items-center rounded-full bg-black/60 text-white ring-1 ring-white/30 sm:h-20 sm:w-20">
            <Icon name={media.ended ? "replay" : "play"} className="h-9 w-9 sm:h-11 sm:w-11" />
          </span>
        </div>
      )}
      {busy && (
        <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center">
          <span className="h-14 w-14 animate-spin rounded-full border-4 border-white/25 border-t-white" />
          <span className="sr-only">Loading video…</span>
        </div>
      )}
      {phase === "preroll" && renderPreRoll ? (
        <div className="absolute inset-0 z-10">{renderPreRoll(finishPreRoll)}</div>
      ) : (
        !error && (
          <div
            data-testid="player-controls"
            data-visible={visible}
            className={`absolute inset-x-0 bottom-0 transition-opacity duration-300 ${visible ? "opacity-100" : "pointer-events-none opacity-0"}`}
          >
            <Controls
              media={media}
              stream={stream}
              actions={actions}
              openMenu={openMenu}
              setOpenMenu={setOpenMenu}
              theater={theater}
              fullscreen={fullscreen}
              pipSupported={pipSupported}
              storyboardUrl={storyboardUrl}
            />
          </div>
        )
      )}
      {error && (
        <div role="alert" className="absolute inset-0 z-20 grid place-items-center bg-black/85 p-6 text-center">
          <div>
            <p>{error}</p>
            {error === MEDIA_ERROR && (
              <button
                type="button"
                onClick={retry}
                className="mt-4 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500"
              >
                Retry
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
