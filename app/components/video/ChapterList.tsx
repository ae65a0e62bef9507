import { useSyncExternalStore } from "react";
import { formatDuration } from "~/lib/format";
import { textLanguage, useLocale, useMessages } from "~/lib/i18n";
import { type Chapter, chapterHref, chapterIndexAt } from "~core/chapters";
import type { Locale } from "~core/locales";

/**
 * The main video's playhead for parts of the page outside the player (the chapter list): set on every
 * `timeupdate`, read by subscribers that re-render only when what they derive from it changes.
 */
export interface Playhead {
  set: (time: number) => void;
  get: () => number;
  subscribe: (listener: () => void) => () => void;
}

export function createPlayhead(): Playhead {
  let time = 0;
  const listeners = new Set<() => void>();
  return {
    set: (t) => {
      time = t;
      for (const listener of listeners) listener();
    },
    get: () => time,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * A row that starts playback at its time (a chapter, a transcript line): the one playing marked by aria-current
 * with a bar at its start, a background and bold text, not colour alone.
 */
export const TIMED_ROW =
  "flex items-baseline gap-3 rounded-lg border-s-4 border-transparent px-2 py-2 text-zinc-200 hover:bg-ink-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-300 aria-[current=true]:border-brand-500 aria-[current=true]:bg-ink-800 aria-[current=true]:font-semibold aria-[current=true]:text-white";

/**
 * The chapters under the player (issue 23 item 4): links to the page at `?t=` (so they work, and can be copied,
 * without JavaScript); with it, a click or Enter seeks the player there and plays. The chapter playing is
 * marked (aria-current, a bar and bold text, not colour alone).
 */
export function ChapterList({
  path,
  chapters,
  lang,
  playhead,
  onSelect,
}: {
  /** The video page's path. */
  path: string;
  chapters: readonly Chapter[];
  /** The titles' language where it is not the page's (English shown for want of a translation). */
  lang?: Locale;
  playhead: Playhead;
  onSelect: (start: number) => void;
}) {
  const t = useMessages("video");
  // Only the titles are in `lang`: the times and the list's layout stay the page's.
  const titleLanguage = textLanguage(lang, useLocale());
  const current = useSyncExternalStore(
    playhead.subscribe,
    () => chapterIndexAt(chapters, playhead.get()),
    () => 0,
  );
  return (
    <section aria-labelledby="chapters-heading" className="mt-4 rounded-xl bg-ink-900 p-3 sm:p-4">
      <h2 id="chapters-heading" className="px-1 text-lg font-bold">
        {t("chapters")}
      </h2>
      <ol className="mt-2 max-h-80 space-y-0.5 overflow-y-auto">
        {chapters.map((c, i) => (
          <li key={c.start}>
            <a
              href={chapterHref(path, c.start)}
              aria-current={i === current ? "true" : undefined}
              onClick={(event) => {
                // A new tab or window, or a copied link: the browser's. Otherwise seek here.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onSelect(c.start);
              }}
              className={TIMED_ROW}
            >
              <span className="shrink-0 text-sm text-brand-300 tabular-nums">{formatDuration(c.start)}</span>{" "}
              <span dir="auto" {...titleLanguage} className="min-w-0 break-words">
                {c.title}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
