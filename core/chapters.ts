import { parseClockTime } from "./clock-time";

/**
 * A video's chapters (issue 23 item 4): a start in whole seconds and a title each, in order, the first at 0.
 * What the player, the chapter list, the page's `?t=` and the key-moments JSON-LD share; the console's form
 * that writes them is core/chapters-schema.ts (kept apart, so the video page's JavaScript carries none of it).
 */

export interface Chapter {
  /** Whole seconds from the beginning. */
  start: number;
  title: string;
}

/** The chapter playing at `time`: the last one started by then (-1 when there are none). */
export function chapterIndexAt(chapters: readonly Chapter[], time: number): number {
  let found = -1;
  for (let i = 0; i < chapters.length && chapters[i]!.start <= time; i++) found = i;
  return found;
}

/** Where a chapter ends: the next one's start, the last one at the video's end. */
export function chapterEnd(chapters: readonly Chapter[], index: number, duration: number): number {
  return chapters[index + 1]?.start ?? duration;
}

/** Seconds into a chapter within which "previous chapter" goes to the one before rather than back to this one's start. */
export const PREVIOUS_CHAPTER_GRACE = 2;

/** Where "previous" (-1) or "next" (1) chapter seeks from `time`; null when there is none that way. */
export function chapterSeekTarget(chapters: readonly Chapter[], time: number, direction: -1 | 1): number | null {
  const index = chapterIndexAt(chapters, time);
  if (direction === 1) return chapters[index + 1]?.start ?? null;
  if (index < 0) return null;
  const current = chapters[index]!;
  if (time - current.start > PREVIOUS_CHAPTER_GRACE) return current.start;
  return index > 0 ? chapters[index - 1]!.start : current.start;
}

/** Stored chapters that still fit the video (a shorter re-upload): what pages show. */
export function chaptersWithin(chapters: readonly Chapter[], duration: number): Chapter[] {
  return chapters.filter((c) => c.start < duration);
}

/** The video page's address at a chapter: `?t=` in whole seconds (what search engines' key moments link to). */
export function chapterHref(path: string, start: number): string {
  return `${path}?t=${start}`;
}

/**
 * The video page's `?t=` (seconds, "90s", or m:ss): where the first play starts. Not a time, 0, or past the
 * end: nothing (the page plays from the beginning, as for any other unknown parameter).
 */
export function startParam(raw: string | null, duration: number): number | undefined {
  if (!raw || raw.length > 12) return undefined;
  const at = parseClockTime(raw.replace(/s$/, ""));
  if (at === null || at <= 0 || (duration > 0 && at >= duration)) return undefined;
  return at;
}
