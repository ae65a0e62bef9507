import { type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { Still } from "~/components/ui/Still";
import { useWholeSheetHere } from "~/lib/app-styles";
import { useMessages } from "~/lib/i18n";
import type { UpNextVideo } from "~core/autoplay";
import type { CaptionTrack } from "~core/captions";
import type { Chapter } from "~core/chapters";
import { AutoplaySwitch } from "./AutoplaySwitch";
import { CaptionStyleDialog } from "./CaptionStyleDialog";
import { CaptionsOverlay } from "./CaptionsOverlay";
import { type ControlActions, Controls, type OpenMenu } from "./Controls";
import { ErrorOverlay } from "./ErrorOverlay";
import { LoadingOverlay } from "./LoadingOverlay";
import { setRate, setVolume, toggleMute } from "./media-controls";
import { PausedOverlay } from "./PausedOverlay";
import { type PlayerAction, runShortcut } from "./shortcuts";
import { UpNext } from "./UpNext";
import { useAutoHide } from "./use-auto-hide";
import { useCaptionStyle } from "./use-caption-style";
import { useCaptions } from "./use-captions";
import { useFocusAfterPreRoll } from "./use-focus-after-pre-roll";
import { useFullscreen } from "./use-fullscreen";
import { MEDIA_ERROR } from "./use-hls-stream";
import { useMediaState } from "./use-media-state";
import { usePictureInPicture } from "./use-picture-in-picture";
import { usePlayback } from "./use-playback";
import { usePlayerPreferences } from "./use-player-preferences";
import { usePlayerShortcuts } from "./use-player-shortcuts";
import { usePlayerTheater } from "./use-player-theater";
import { type StartRequest, useStartTime } from "./use-start-time";
import { useStoredPreferences } from "./use-stored-preferences";

/** The player's rendered width beside the 300 px sidebar of the max-w-7xl layout (theater mode is wider; rare on a first paint). */
const POSTER_SIZES = "(min-width: 1280px) 900px, (min-width: 1024px) calc(100vw - 384px), calc(100vw - 32px)";
const NO_CAPTIONS: readonly CaptionTrack[] = [];

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
  /** WebVTT caption files, one per language (docs/decisions/0033-captions.md). */
  captions?: readonly CaptionTrack[];
  /** Each new request seeks there, and plays if asked (the video page's "Resume at m:ss", chapters, `?t=`). */
  start?: StartRequest;
  /** The video's chapters (core/chapters.ts): marks on the seek bar, the current title, Shift+←/→. */
  chapters?: readonly Chapter[];
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
 *
 * The frame outlives the video: each new `src` (the next video, reached by autoplay or a link) gets a fresh
 * player inside it, while the frame is what goes fullscreen, so a viewer in fullscreen stays there when the
 * next video starts (docs/decisions/0035-up-next-and-autoplay.md).
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const frame = useRef<HTMLDivElement>(null);
  return (
    <div ref={frame} className="w-full">
      <Player key={props.src} frame={frame} {...props} />
    </div>
  );
}

function Player({
  frame,
  src,
  poster,
  title,
  duration = 0,
  storyboardUrl,
  onPlaybackTime,
  renderPreRoll,
  start,
  chapters,
  autoStart = false,
  upNext,
  autoplay,
  onEnded,
  captions: captionTracks = NO_CAPTIONS,
}: VideoPlayerProps & { frame: RefObject<HTMLDivElement | null> }) {
  const t = useMessages("player");
  const container = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const pointerType = useRef("mouse");
  const onPlaybackTimeRef = useRef(onPlaybackTime);
  onPlaybackTimeRef.current = onPlaybackTime;
  const [openMenu, setOpenMenu] = useState<OpenMenu>(null);
  // The poster covers the video until its first frame plays, as `<video poster>` would (kept per source: a
  // client-side move to the next video keeps this player).
  const [playedSrc, setPlayedSrc] = useState<string>();
  const framed = playedSrc === src;

  // rememberFocus (below) needs the phase; it is only called when the pre-roll ends, long after this render.
  const playback = usePlayback(videoRef, src, Boolean(renderPreRoll), () => rememberFocus());
  const { phase, stream, togglePlay } = playback;
  const error = stream.error;
  const media = useMediaState(videoRef, duration);
  const onLoadedMetadata = useStartTime(videoRef, start, playback.isAttached, togglePlay);
  const { visible, reveal, hide } = useAutoHide(phase === "main" && !media.paused && !openMenu && !error);
  const { fullscreen, toggleFullscreen } = useFullscreen(frame, videoRef);
  const { pipSupported, togglePip } = usePictureInPicture(videoRef);
  const { theater, setTheater } = usePlayerTheater();
  const rememberFocus = useFocusAfterPreRoll(container, phase);
  const stored = useStoredPreferences(videoRef);
  usePlayerPreferences(videoRef, stored);
  const captions = useCaptions(videoRef, captionTracks, stored);
  const captionStyle = useCaptionStyle(stored);
  const [styleDialog, setStyleDialog] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the player for this video is there
  useEffect(() => {
    if (!autoStart) return;
    togglePlay();
    // Still fullscreen from the last video: the keyboard carries on in this player (the last one's focus went with it).
    if (fullscreen) container.current?.focus({ preventScroll: true });
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
    toggleCaptions: captions.toggle,
  };
  usePlayerShortcuts(container, {
    run: onVideo((video, action: PlayerAction) => runShortcut(action, video, { ...actions, chapters })),
    reveal,
    // The caption style dialog's buttons and selects keep their keys (a "k" there must not pause the video). Read
    // from the page, not from state: a <dialog> reports its closing in a later task, and a key pressed in between
    // was lost (a full e2e run under load pressed "f" right after "Done").
    suspended: () => playback.phaseNow() === "preroll" || container.current?.querySelector("dialog[open]") != null,
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
  // The control bar comes with the whole stylesheet (app/lib/app-styles.tsx: once the page has loaded, or at the first
  // press or key): a press on it before the page runs could only be held, and leaving its markup and rules out keeps
  // the video page's first document in one round trip (docs/benchmarks.md "Issue 35: the video page in one round
  // trip"). Until then the large Play sign shows, and a tap on the picture is held and played once the page runs.
  const controlsShown = useWholeSheetHere();

  return (
    // Pointer and focus handlers here only reveal the controls or warm the stream up; every action has its own button.
    // The section takes focus from a click (tabIndex -1, out of the Tab order) so that the keys work; a key pressed
    // then would make it :focus-visible, and a ring around the whole picture says nothing: `outline-none`.
    <section
      ref={container}
      aria-label={t("playerLabel", { title })}
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
      className={`relative w-full overflow-hidden bg-black outline-none select-none ${fullscreen ? "h-full" : "aspect-video rounded-xl"} ${
        theater && !fullscreen ? "max-h-[calc(100svh-9rem)]" : ""
      } ${visible ? "" : "cursor-none"}`}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: captions come as <track> when the video has them (drawn by CaptionsOverlay) */}
      <video
        ref={videoRef}
        playsInline
        preload="none"
        aria-label={title}
        // A click on the picture plays or pauses, as in every player; the keyboard has the Play button and Space/K.
        onClick={onSurfaceClick}
        onDoubleClick={toggleFullscreen}
        onPlay={playback.onPlay}
        onPlaying={() => {
          setPlayedSrc(src);
          playback.onPlaying();
        }}
        onEnded={() => {
          if (playback.phaseNow() === "main") onEnded?.();
        }}
        onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget)}
        onTimeUpdate={(event) => {
          if (playback.phaseNow() === "main") onPlaybackTimeRef.current?.(event.currentTarget.currentTime, event.currentTarget.duration);
        }}
        // A caption file from another origin (media on a CDN) loads only with CORS.
        crossOrigin={captionTracks.some((t) => /^https?:/.test(t.src)) ? "anonymous" : undefined}
        className="h-full w-full object-contain"
      >
        {captionTracks.map((t) => (
          <track key={t.language} kind="subtitles" srcLang={t.language} label={t.label} src={t.src} />
        ))}
      </video>
      {poster && !framed && (
        // The video page's largest paint: a <picture> (AVIF, WebP, JPEG) where `poster` takes one URL, preloaded
        // from <head> before the stylesheet and scripts. Clicks go through to the video.
        <Still
          src={poster}
          sizes={POSTER_SIZES}
          preloaded
          width={1280}
          height={720}
          className="pointer-events-none absolute inset-0 h-full w-full object-contain"
        />
      )}
      {captions.language && phase !== "preroll" && !media.ended && (
        <CaptionsOverlay
          cues={captions.cues}
          language={captions.language}
          style={captionStyle.style}
          raised={visible && !error}
          chapterLine={Boolean(chapters?.length)}
        />
      )}
      {media.ended && upNext && phase === "main" && !error ? (
        <UpNext next={upNext.video} countdown={upNext.countdown} />
      ) : (
        media.paused && !busy && phase !== "preroll" && !error && <PausedOverlay ended={media.ended} />
      )}
      {busy && <LoadingOverlay />}
      {phase === "preroll" && renderPreRoll ? (
        <div className="absolute inset-0 z-10">{renderPreRoll(playback.finishPreRoll)}</div>
      ) : (
        !error &&
        controlsShown && (
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
            captions={captions}
            chapters={chapters}
            autoplay={autoplay}
            openCaptionStyle={() => setStyleDialog(true)}
          />
        )
      )}
      {styleDialog && (
        // Its texts load when it first opens (the page does not carry them): until then nothing shows.
        <Suspense fallback={null}>
          <CaptionStyleDialog styling={captionStyle} onClose={() => setStyleDialog(false)} />
        </Suspense>
      )}
      {autoplay && controlsShown && phase !== "preroll" && !error && (
        // The corner of the controls (which stay left to right in every language, as in other players).
        <div
          dir="ltr"
          className={`absolute top-1 right-1 transition-opacity duration-300 sm:hidden ${visible ? "opacity-100" : "pointer-events-none opacity-0"}`}
        >
          <AutoplaySwitch on={autoplay.on} onChange={autoplay.set} className="flex" />
        </div>
      )}
      {error && <ErrorOverlay error={error} onRetry={error === MEDIA_ERROR ? playback.retry : undefined} />}
    </section>
  );
}
