/**
 * Reading our own canonical WebVTT files back (core/captions.ts serializeCaptions writes them) where zod and the
 * strict upload reader are not wanted: the video page's transcript in the browser. Timestamps are read by the same
 * function as uploads.
 */

/** One cue as the transcript shows it. */
export interface TranscriptCue {
  start: number;
  end: number;
  /** Plain text: the kept tags dropped, entities decoded, lines joined by a space. */
  text: string;
}

/** `mm:ss.ttt` or `hh:mm:ss.ttt` (hours: two or more digits), as WebVTT writes them. */
const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

export function parseTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** A timing line: `start --> end`, optionally followed by cue settings (which are dropped). */
export const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">" };

/** A canonical cue's text as plain text: tags gone, the three escapes the canonical file writes decoded. */
export function cuePlainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:amp|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ");
}

/** The cues of a canonical file, in order; a block without a readable timing line is skipped. */
export function readTranscript(vtt: string): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  for (const block of vtt.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    const lines = block.split("\n");
    const timingAt = lines.findIndex((line) => line.includes("-->"));
    const timing = timingAt >= 0 ? TIMING.exec(lines[timingAt] ?? "") : null;
    const start = timing ? parseTimestamp(timing[1] ?? "") : null;
    const end = timing ? parseTimestamp(timing[2] ?? "") : null;
    if (start === null || end === null) continue;
    const text = cuePlainText(lines.slice(timingAt + 1).join("\n"));
    if (text) cues.push({ start, end, text });
  }
  return cues;
}

/** The cue showing at `time` (start ≤ time < end), or -1 between cues. */
export function cueIndexAt(cues: readonly TranscriptCue[], time: number): number {
  return cues.findIndex((cue) => cue.start <= time && time < cue.end);
}
