import type { Chapter } from "./chapters";
import { formatClockTime, parseClockTime } from "./clock-time";
import { ContentSafetyError, findMinorSuggestingTerm } from "./content-safety";
import { formStrings, multilineText } from "./params";
import { z } from "./zod";

/**
 * The console's chapters form (issue 23 item 4, ADR 0032): the chapters as text, one a line ("0:00 Opening"),
 * the way creators already write them in descriptions elsewhere. Read with this same schema in the browser
 * (before anything is sent) and by the server: the first at 0:00, strictly increasing, every start inside the
 * video, titles 1–100 characters (trimmed, the content-safety policy), at most 100.
 */

export const CHAPTERS_MAX = 100;
export const CHAPTER_TITLE_MAX = 100;
/** A hundred lines of a time and a 100-character title, with room for stray spaces. */
export const CHAPTERS_TEXT_MAX = 20_000;

const EXAMPLE = '"1:30 Colour shift"';
// A time, then the title; a dash or bar between them ("0:00 - Opening") is allowed and dropped.
const LINE = /^(\S+)(?:\s+(.*))?$/;
const SEPARATOR = /^[-–—|]\s*/;

/** "Line 3: …": what a refusal says, per line where it is about one. */
export type ChapterProblems = string[];

/** Reads the form's text against the video's length: the chapters, or every problem in plain words. */
export function chaptersSchema(duration: number) {
  return z
    .string()
    .max(CHAPTERS_TEXT_MAX, `The list is too long: at most ${CHAPTERS_TEXT_MAX.toLocaleString("en-US")} characters.`)
    .pipe(multilineText(CHAPTERS_TEXT_MAX))
    .transform((text, ctx) => {
      const problems: string[] = [];
      const chapters = readChapters(text, duration, problems);
      for (const message of problems) ctx.addIssue({ code: "custom", message });
      return problems.length ? z.NEVER : chapters;
    });
}

function readChapters(text: string, duration: number, problems: string[]): Chapter[] {
  const chapters: Chapter[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  const filled = lines.filter((l) => l.trim() !== "").length;
  if (filled === 0) return chapters;
  if (filled > CHAPTERS_MAX) problems.push(`At most ${CHAPTERS_MAX} chapters: this list has ${filled}.`);
  if (!(duration > 0)) {
    problems.push("The video's length is not known yet (it is still being processed): chapters can be set once it is.");
    return chapters;
  }
  let previous: { start: number; line: number } | null = null;
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === "") return;
    const [, timeText = "", rest = ""] = LINE.exec(raw.trim()) ?? [];
    const start = parseClockTime(timeText);
    const title = rest.replace(SEPARATOR, "").replace(/\s+/g, " ").trim();
    if (start === null) {
      problems.push(
        `Line ${line}: "${timeText}" is not a time. Start each line with m:ss, h:mm:ss or seconds, then the title, e.g. ${EXAMPLE}.`,
      );
      return;
    }
    if (!title) problems.push(`Line ${line}: add a title after the time, e.g. ${EXAMPLE}.`);
    else if (title.length > CHAPTER_TITLE_MAX)
      problems.push(`Line ${line}: the title has ${title.length} characters; keep it to ${CHAPTER_TITLE_MAX}.`);
    else {
      const term = findMinorSuggestingTerm(title);
      if (term !== null) problems.push(`Line ${line}: ${new ContentSafetyError("chapter", term).message}`);
    }
    if (previous === null && start !== 0)
      problems.push(
        `Line ${line}: the first chapter must start at 0:00 (search engines show chapters as key moments only then); this one starts at ${formatClockTime(start)}.`,
      );
    else if (previous !== null && start <= previous.start)
      problems.push(
        `Line ${line}: ${formatClockTime(start)} is not after ${formatClockTime(previous.start)} (line ${previous.line}): each chapter must start later than the one before.`,
      );
    if (start >= duration)
      problems.push(`Line ${line}: ${formatClockTime(start)} is not inside the video, which ends at ${formatClockTime(duration)}.`);
    previous = { start, line };
    chapters.push({ start, title });
  });
  return chapters;
}

/** The chapters, or every problem (line by line, in order). */
export function checkChapters(
  text: string,
  duration: number,
): { ok: true; chapters: Chapter[] } | { ok: false; problems: ChapterProblems } {
  const parsed = chaptersSchema(duration).safeParse(text);
  if (parsed.success) return { ok: true, chapters: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
}

/** The console's chapters form: its one field as a string (repeated or a file: unreadable). */
export function chaptersFromForm(form: FormData): string | undefined {
  const raw = formStrings(form, ["chapters"]);
  return raw ? (raw.chapters ?? "") : undefined;
}

/** The text the console's field starts with: one "m:ss Title" a line. */
export function chaptersToText(chapters: readonly Chapter[]): string {
  return chapters.map((c) => `${formatClockTime(c.start)} ${c.title}`).join("\n");
}
