import { useEffect, useRef, useState } from "react";
import { formatDuration } from "~/lib/format";
import { useMessages } from "~/lib/i18n";
import { type PreRollConfig, SKIP_AFTER_SECONDS, skipCountdown, VAST_TIMEOUT_MS } from "~core/preroll-playback";
import { VAST_ERROR } from "./ad-media";
import type { AdTracking } from "./vast";

/** No playback progress for this long (stalled network, a decoder that never starts): give up on the ad. */
const STALL_LIMIT_MS = 8_000;

interface AdToPlay {
  src: string;
  /** Where "Learn more" goes (new tab), or null for no link. */
  clickThrough: string | null;
  /** Seconds before Skip is allowed: the VAST skipoffset when the creative sets one, else 5 s (docs/product.md "Pre-roll"). */
  skipAfter: number;
  /** VAST tracking; absent for the house clip. */
  track?: AdTracking;
}

type Phase = { name: "loading" } | { name: "playing"; ad: AdToPlay };

/**
 * The pre-roll (docs/product.md "Pre-roll"): its own video in the player box, a progress bar, 'Skip in {n}s' counting
 * down from 5 (or the VAST skipoffset) and then 'Skip Ad'. It ends at 100 % (the clip's end or the
 * configured duration, whichever comes first) or on Skip, and calls `onDone` exactly once, whatever happens:
 * a failing, empty or slow (4 s) VAST tag falls back to the house clip, or to nothing; a clip that fails or
 * stalls ends the pre-roll. The visitor's play click is the user gesture that lets it start with sound;
 * where the browser still refuses, it plays muted with an Unmute button.
 */
export function PreRoll({ config, onDone }: { config: PreRollConfig; onDone: () => void }) {
  const t = useMessages("player");
  const [phase, setPhase] = useState<Phase>({ name: "loading" });
  const done = useRef(false);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const boxRef = useRef<HTMLDivElement>(null);
  // Loader revalidation hands us an equal but new config object: it must not restart a running ad.
  const configRef = useRef(config);
  configRef.current = config;
  const { source, vastTagUrl } = config;

  const finish = useRef(() => {
    if (done.current) return;
    done.current = true;
    onDoneRef.current();
  }).current;

  useEffect(() => {
    let cancelled = false;
    const house = configRef.current.houseClip;
    const playHouse = () => {
      if (cancelled) return;
      if (house) setPhase({ name: "playing", ad: { src: house.src, clickThrough: house.clickThrough, skipAfter: SKIP_AFTER_SECONDS } });
      else finish();
    };
    if (source === "house" || !vastTagUrl) {
      playHouse();
      return;
    }
    const tagUrl = vastTagUrl;
    const probe = document.createElement("video");
    const playerWidth = Math.round((boxRef.current?.clientWidth ?? 640) * (window.devicePixelRatio || 1));
    // The import and the whole wrapper chain share the 4 s ad time-out of docs/product.md "Pre-roll".
    const giveUp = setTimeout(playHouse, VAST_TIMEOUT_MS + 500);
    import("./vast")
      .then(({ loadVastAd }) =>
        loadVastAd(tagUrl, { timeoutMs: VAST_TIMEOUT_MS, playerWidth, canPlay: (mime) => probe.canPlayType(mime) !== "" }),
      )
      .then((result) => {
        clearTimeout(giveUp);
        if (cancelled) return;
        if (!result.ok) return playHouse();
        const { ad } = result;
        setPhase({
          name: "playing",
          ad: { src: ad.mediaUrl, clickThrough: ad.clickThrough, skipAfter: ad.skipOffsetSeconds ?? SKIP_AFTER_SECONDS, track: ad.track },
        });
      })
      .catch(() => {
        clearTimeout(giveUp);
        playHouse();
      });
    return () => {
      cancelled = true;
      clearTimeout(giveUp);
    };
  }, [source, vastTagUrl, finish]);

  const fallBack = () => {
    // A VAST creative that cannot play gets the house clip instead; the house clip failing ends the pre-roll.
    const house = config.houseClip;
    if (phase.name === "playing" && phase.ad.track && house) {
      setPhase({ name: "playing", ad: { src: house.src, clickThrough: house.clickThrough, skipAfter: SKIP_AFTER_SECONDS } });
    } else finish();
  };

  return (
    <section
      ref={boxRef}
      aria-label={t("advertisement")}
      className="absolute inset-0 z-10 bg-black text-white"
      // The player box takes clicks and keys as "play": the ad's own controls must not reach it.
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {phase.name === "loading" ? (
        <div className="grid h-full place-items-center text-sm text-zinc-300" role="status">
          <span>
            <span className="sr-only">{t("advertisement")} </span>
            {t("loadingAd")}
          </span>
        </div>
      ) : (
        <AdPlayback
          key={phase.ad.src}
          ad={phase.ad}
          capSeconds={config.durationSeconds}
          onEnd={finish}
          onFail={(code) => {
            phase.ad.track?.error(code);
            fallBack();
          }}
        />
      )}
    </section>
  );
}

function AdPlayback({
  ad,
  capSeconds,
  onEnd,
  onFail,
}: {
  ad: AdToPlay;
  capSeconds: number;
  onEnd: () => void;
  /** The clip cannot play; `code` is the VAST error code to report. */
  onFail: (code: number) => void;
}) {
  const t = useMessages("player");
  const videoRef = useRef<HTMLVideoElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  const [elapsed, setElapsed] = useState(0);
  const [length, setLength] = useState(capSeconds);
  const [muted, setMuted] = useState(false);
  const ended = useRef(false);
  const started = useRef(false);
  const lastProgress = useRef({ time: -1, at: Date.now() });
  const { track } = ad;

  const end = (how: "complete" | "skip" | "cap") => {
    if (ended.current) return;
    ended.current = true;
    if (how === "complete") track?.complete();
    if (how === "skip") track?.skip();
    videoRef.current?.pause();
    onEnd();
  };

  // Start playback with sound (the play click was the gesture); muted when the browser insists.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per clip (the parent keys this component by source)
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    skipRef.current?.focus({ preventScroll: true });
    video.play().catch((err: unknown) => {
      if ((err as { name?: string }).name !== "NotAllowedError") return; // errors arrive as the 'error' event
      video.muted = true;
      setMuted(true);
      video.play().catch(() => onFail(VAST_ERROR.linear));
    });
    // Never a stuck player: no progress for a while ends the ad.
    const watchdog = setInterval(() => {
      const t = video.currentTime;
      if (t !== lastProgress.current.time) lastProgress.current = { time: t, at: Date.now() };
      else if (Date.now() - lastProgress.current.at > STALL_LIMIT_MS && !ended.current) {
        ended.current = true;
        onFail(VAST_ERROR.mediaTimeout);
      }
    }, 1000);
    return () => clearInterval(watchdog);
  }, []);

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video || ended.current) return;
    const t = video.currentTime;
    setElapsed(t);
    if (t > 0) track?.progress(t);
    if (t >= capSeconds) end("cap");
  };
  const onLoadedMetadata = () => {
    const d = videoRef.current?.duration;
    if (d && Number.isFinite(d)) setLength(Math.min(d, capSeconds));
  };
  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
    track?.muted(video.muted);
  };

  const left = skipCountdown(elapsed, Math.min(ad.skipAfter, length));
  const canSkip = left === 0;
  const percent = Math.min(100, Math.round((elapsed / length) * 100));
  const remaining = Math.max(0, Math.ceil(length - elapsed));

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: an advertisement with ambient sound and no speech */}
      <video
        ref={videoRef}
        src={ad.src}
        playsInline
        preload="auto"
        className="h-full w-full object-contain"
        aria-label={t("adVideo")}
        data-testid="preroll-video"
        onPlaying={() => {
          started.current = true;
          track?.impression();
        }}
        onTimeUpdate={onTimeUpdate}
        onLoadedMetadata={onLoadedMetadata}
        onEnded={() => end("complete")}
        onError={() => {
          if (ended.current) return;
          ended.current = true;
          onFail(VAST_ERROR.mediaFailed);
        }}
        // Pause/resume only between the first frame and the end (a clip pauses itself when it ends).
        onPause={(e) => started.current && !ended.current && !e.currentTarget.ended && track?.paused(true)}
        onPlay={() => started.current && track?.paused(false)}
      />
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent p-3 text-xs sm:text-sm">
        <span className="rounded bg-amber-400 px-1.5 py-0.5 font-bold text-black">{t("adBadge")}</span>
        <span className="tabular-nums text-zinc-100" aria-hidden="true">
          {t("adTimeLeft", { time: formatDuration(remaining) })}
        </span>
      </div>
      <p className="sr-only" aria-live="polite">
        {canSkip ? t("adSkipNow") : t("adSkipLater", { seconds: Math.ceil(Math.min(ad.skipAfter, length)) })}
      </p>
      <div className="absolute inset-x-0 bottom-0 flex flex-wrap items-end justify-between gap-2 bg-gradient-to-t from-black/70 to-transparent p-3 pb-4">
        <div className="flex gap-2">
          <button
            type="button"
            onClick={toggleMute}
            aria-pressed={muted}
            className="rounded-md bg-black/60 px-3 py-2 text-xs font-semibold ring-1 ring-white/30 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white sm:text-sm"
          >
            {t(muted ? "unmuteAd" : "muteAd")}
          </button>
          {ad.clickThrough && (
            <a
              href={ad.clickThrough}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => track?.click()}
              // The visible words first, then where it goes (WCAG "label in name").
              aria-label={t("learnMoreLabel")}
              className="rounded-md bg-black/60 px-3 py-2 text-xs font-semibold ring-1 ring-white/30 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white sm:text-sm"
            >
              {t("learnMore")}
            </a>
          )}
        </div>
        <button
          ref={skipRef}
          type="button"
          // aria-disabled, not disabled: the button keeps keyboard focus through the countdown.
          aria-disabled={!canSkip}
          onClick={() => canSkip && end("skip")}
          className="min-w-28 rounded-md bg-black/75 px-4 py-2 text-sm font-semibold ring-1 ring-white/40 focus-visible:outline-2 focus-visible:outline-white aria-disabled:cursor-default aria-disabled:text-zinc-300 aria-[disabled=false]:hover:bg-white aria-[disabled=false]:hover:text-black"
        >
          {canSkip ? t("skipAd") : t("skipIn", { seconds: left })}
        </button>
      </div>
      <div
        role="progressbar"
        aria-label={t("adProgress")}
        // Filled from the left as the player's seek bar is, in every language.
        dir="ltr"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="absolute inset-x-0 bottom-0 h-1 bg-white/25"
      >
        <div className="h-full bg-amber-400 transition-[width] duration-200 ease-linear" style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}
