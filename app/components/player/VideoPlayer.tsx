import { type ReactNode, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { stillAtWidth } from "~core/images";
import { AutoplaySwitch } from "./AutoplaySwitch";
import { type ControlActions, Controls, type OpenMenu } from "./Controls";
import { ErrorOverlay } from "./ErrorOverlay";
import { LoadingOverlay } from "./LoadingOverlay";
import { setRate, setVolume, toggleMute } from "./media-controls";
import { PausedOverlay } from "./PausedOverlay";
import { type PlayerAction, runShortcut } from "./shortcuts";
import { UpNext, type UpNextVideo } from "./UpNext";
import { useAutoHide } from "./use-auto-hide";
import { useFocusAfterPreRoll } from "./use-focus-after-pre-roll";
import { useFullscreen } from "./use-fullscreen";
import { MEDIA_ERROR } from "./use-hls-stream";
import { useMediaState } from "./use-media-state";
import { usePictureInPicture } from "./use-picture-in-picture";
import { usePlayback } from "./use-playback";
import { usePlayerPreferences } from "./use-player-preferences";
import { usePlayerShortcuts } from "./use-player-shortcuts";
import { usePlayerTheater } from "./use-player-theater";
import { useStartTime } from "./use-start-time";

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
  /** Start playing as soon as the player is there: the viewer asked for this video from the last one's end. */
  autoStart?: boolean;
  /** The video offered at the end (UpNext.tsx), and whether its end counts down to it. */
  upNext?: { video: UpNextVideo; countdown: boolean } | null;
  /** The control bar's Autoplay switch (core/autoplay.ts); absent where nothing comes next. */
  autoplay?: { on: boolean; set: (on: boolean) => void };
  /** The main video reached its end. */
  onEnded?: () => void;
}

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
  autoStart = false,
  upNext,
  autoplay,
  onEnded,
}: VideoPlayerProps) {
  const container = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const pointerType = useRef("mouse");
  const onPlaybackTimeRef = useRef(onPlaybackTime);
  onPlaybackTimeRef.current = onPlaybackTime;
  const [openMenu, setOpenMenu] = useState<OpenMenu>(null);

  const posterUrl = poster ? stillAtWidth(poster, POSTER_WIDTH) : undefined;
  // The poster is the video page's largest paint: fetch it from <head>, before the stylesheet and scripts.
  if (posterUrl) preload(posterUrl, { as: "image", fetchPriority: "high" });

  // rememberFocus (below) needs the phase; it is only called when the pre-roll ends, long after this render.
  const playback = usePlayback(videoRef, src, Boolean(renderPreRoll), () => rememberFocus());
  const { phase, stream, togglePlay } = playback;
  const error = stream.error;
  const media = useMediaState(videoRef, duration);
  const onLoadedMetadata = useStartTime(videoRef, startTime, playback.isAttached, togglePlay);
  const { visible, reveal, hide } = useAutoHide(phase === "main" && !media.paused && !openMenu && !error);
  const { fullscreen, toggleFullscreen } = useFullscreen(container, videoRef);
  const { pipSupported, togglePip } = usePictureInPicture(videoRef);
  const { theater, setTheater } = usePlayerTheater();
  const rememberFocus = useFocusAfterPreRoll(container, phase);
  usePlayerPreferences(videoRef);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the player for this video is there
  useEffect(() => {
    if (autoStart) togglePlay();
  }, []);

  /** `fn` on the video element, once there is one. */
  const onVideo =
    <A extends unknown[]>(fn: (video: HTMLVideoElement, ...args: A) => void) =>
    (...args: A) => {
      const video = videoRef.current;
      if (video) fn(video, ...args);
    };
  const actions: ControlActions = {
    togglePlay,
    toggleMute: onVideo(toggleMute),
    setVolume: onVideo(setVolume),
    seek: playback.seek,
    setRate: onVideo(setRate),
    toggleTheater: () => setTheater(!theater),
    toggleFullscreen,
    togglePip,
  };
  usePlayerShortcuts(container, {
    run: onVideo((video, action: PlayerAction) => runShortcut(action, video, actions)),
    reveal,
    suspended: () => playback.phaseNow() === "preroll",
  });

  const onSurfaceClick = () => {
    // On touch, a tap while playing shows (or hides) the controls instead of pausing under the finger.
    if (pointerType.current === "touch" && phase === "main" && !media.paused) {
      if (visible) hide();
      else reveal();
      return;
    }
    togglePlay();
  };

  const busy = (playback.starting || media.waiting) && !error && phase !== "preroll";

  return (
    // Pointer and focus handlers here only reveal the controls or warm the stream up; every action has its own button.
    <section
      ref={container}
      aria-label={`Video player: ${title}`}
      tabIndex={-1}
      data-theater={theater || undefined}
      onPointerEnter={playback.warmUp}
      onPointerDown={(event) => {
        pointerType.current = event.pointerType;
        playback.warmUp();
      }}
      onPointerMove={(event) => event.pointerType === "mouse" && reveal()}
      onMouseLeave={() => hide()}
      onFocus={() => {
        playback.warmUp();
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
        onDoubleClick={toggleFullscreen}
        onPlay={playback.onPlay}
        onPlaying={playback.onPlaying}
        onEnded={() => {
          if (playback.phaseNow() === "main") onEnded?.();
        }}
        onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget)}
        onTimeUpdate={(event) => {
          if (playback.phaseNow() === "main") onPlaybackTimeRef.current?.(event.currentTarget.currentTime, event.currentTarget.duration);
        }}
        className="h-full w-full object-contain"
      />
      {media.ended && upNext && phase === "main" && !error ? (
        <UpNext next={upNext.video} countdown={upNext.countdown} />
      ) : (
        media.paused && !busy && phase !== "preroll" && !error && <PausedOverlay ended={media.ended} />
      )}
      {busy && <LoadingOverlay />}
      {phase === "preroll" && renderPreRoll ? (
        <div className="absolute inset-0 z-10">{renderPreRoll(playback.finishPreRoll)}</div>
      ) : (
        !error && (
          <Controls
            visible={visible}
            media={media}
            stream={stream}
            actions={actions}
            openMenu={openMenu}
            setOpenMenu={setOpenMenu}
            theater={theater}
            fullscreen={fullscreen}
            pipSupported={pipSupported}
            storyboardUrl={storyboardUrl}
            autoplay={autoplay}
          />
        )
      )}
      {autoplay && phase !== "preroll" && !error && (
        <div
          className={`absolute top-1 right-1 transition-opacity duration-300 sm:hidden ${visible ? "opacity-100" : "pointer-events-none opacity-0"}`}
        >
          <AutoplaySwitch on={autoplay.on} onChange={autoplay.set} className="flex" />
        </div>
      )}
      {error && <ErrorOverlay message={error} onRetry={error === MEDIA_ERROR ? playback.retry : undefined} />}
    </section>
  );
}
