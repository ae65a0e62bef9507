import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Still } from "~/components/ui/Still";
import { type Translate, textLanguage, useLocale, useMessages } from "~/lib/i18n";
import { UP_NEXT_COUNTDOWN_SECONDS, type UpNextVideo } from "~core/autoplay";

/** What the next page reads from the navigation's state: start playing at once (it was asked for). */
export interface AutoStartState {
  autoStart: true;
}
export const AUTO_START: AutoStartState = { autoStart: true };

export function isAutoStart(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as Partial<AutoStartState>).autoStart === true;
}

/** The card's texts (player namespace) by where the next video comes from. */
const WORDS = {
  playlist: {
    label: "nextInPlaylist",
    countdown: "nextInPlaylistIn",
    announce: "nextInPlaylistAnnounce",
    announceCountdown: "nextInPlaylistAnnounceCountdown",
  },
  recommended: { label: "upNext", countdown: "upNextIn", announce: "upNextAnnounce", announceCountdown: "upNextAnnounceCountdown" },
} as const satisfies Record<UpNextVideo["from"], Record<string, Parameters<Translate<"player">>[0]>>;

/**
 * Over the ended video: the next one, and (autoplay on) a countdown that plays it unless cancelled. Whether it
 * counts down is decided once, when the video ends: a setting that changes meanwhile (the first video's end
 * gives a first visit its default) applies from the next video on. The countdown is announced once, not per
 * second; Escape or Cancel stops it and leaves "Play now".
 */
export function UpNext({ next, countdown }: { next: UpNextVideo; countdown: boolean }) {
  const t = useMessages("player");
  const locale = useLocale();
  const navigate = useNavigate();
  const [counting, setCounting] = useState(countdown);
  const [left, setLeft] = useState(UP_NEXT_COUNTDOWN_SECONDS);
  const playNow = useRef<HTMLAnchorElement>(null);
  // Filled after the region is in the page, so screen readers announce it (a region born full is often skipped).
  const [announcement, setAnnouncement] = useState("");
  const words = WORDS[next.from];
  const label = t(words.label);
  const start = t(countdown ? words.announceCountdown : words.announce, { title: next.title, seconds: UP_NEXT_COUNTDOWN_SECONDS });
  useEffect(() => setAnnouncement(start), [start]);

  useEffect(() => {
    if (!counting) return;
    const endsAt = Date.now() + UP_NEXT_COUNTDOWN_SECONDS * 1000;
    const tick = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(tick);
        navigate(next.href, { state: AUTO_START });
      }
    }, 250);
    return () => window.clearInterval(tick);
  }, [counting, navigate, next.href]);

  const cancel = () => {
    setCounting(false);
    setAnnouncement(t("autoplayCancelled"));
    playNow.current?.focus(); // Cancel goes away: focus stays on the overlay's remaining control
  };
  const cancelRef = useRef(cancel);
  cancelRef.current = cancel;
  // Escape cancels from anywhere in the player (or with focus on nothing in particular, as the player's keys).
  const overlay = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!counting) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const player = overlay.current?.parentElement;
      const target = event.target as Node | null;
      if (event.key !== "Escape" || event.defaultPrevented || !player || !target) return;
      if (target !== document.body && !player.contains(target)) return;
      event.preventDefault();
      cancelRef.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [counting]);
  return (
    <div ref={overlay} data-testid="up-next" className="absolute inset-0 flex items-center justify-center bg-black/80 px-4 pb-16 sm:pb-20">
      <section aria-labelledby="up-next-label" className="flex w-full max-w-md items-center gap-4">
        {next.thumbnail && (
          <Still
            src={next.thumbnail}
            sizes="160px"
            width={160}
            height={90}
            className="hidden aspect-video w-40 shrink-0 rounded-md object-cover sm:block"
          />
        )}
        <div className="min-w-0 flex-1">
          <p id="up-next-label" className="text-xs font-semibold tracking-wide text-zinc-300 uppercase tabular-nums">
            {counting ? t(words.countdown, { seconds: left }) : label}
          </p>
          <p dir="auto" {...textLanguage(next.lang, locale)} className="mt-1 line-clamp-2 font-semibold text-white">
            {next.title}
          </p>
          {/* Said once when the countdown starts; the changing number above is not read out every second. */}
          <p className="sr-only" role="status">
            {announcement}
          </p>
          {counting && (
            <div className="mt-2 h-1 overflow-hidden rounded-full bg-white/20" aria-hidden="true">
              <div className="up-next-progress h-full bg-brand-500" style={{ animationDuration: `${UP_NEXT_COUNTDOWN_SECONDS}s` }} />
            </div>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Link
              ref={playNow}
              to={next.href}
              state={AUTO_START}
              className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-black hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
            >
              {t("playNow")}
            </Link>
            {counting && (
              <button
                type="button"
                onClick={cancel}
                className="rounded-full bg-white/15 px-4 py-2 text-sm font-semibold text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
              >
                {t("cancel")}
              </button>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
