/**
 * Scrub-preview storyboard: a WebVTT file whose cues name a region of a sprite image,
 * `storyboard.jpg#xywh=x,y,w,h` (the media-fragment syntax PeerTube and JW Player use), with the sprite
 * path relative to the .vtt URL.
 */
export interface StoryboardCue {
  start: number;
  end: number;
  /** Absolute (or root-relative) URL of the sprite. */
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)/;
const XYWH = /#xywh=(\d+),(\d+),(\d+),(\d+)\s*$/;

/** `hh:mm:ss.ttt` or `mm:ss.ttt` to seconds. */
export function parseVttTime(text: string): number {
  const parts = text.split(":").map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Resolves `ref` against the .vtt URL; works for root-relative URLs without knowing the origin. */
function resolveAgainst(ref: string, vttUrl: string): string {
  const base = new URL(vttUrl, "http://origin.invalid/");
  const resolved = new URL(ref, base);
  return resolved.origin === "http://origin.invalid" ? `${resolved.pathname}${resolved.search}` : resolved.href;
}

/** The cues of a storyboard VTT, in file order; cues without a usable `#xywh` fragment are skipped. */
export function parseStoryboardVtt(text: string, vttUrl: string): StoryboardCue[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (!lines[0]?.startsWith("WEBVTT")) return [];
  const cues: StoryboardCue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const timing = TIMING.exec(lines[i] ?? "");
    if (!timing) continue;
    const payload = (lines[i + 1] ?? "").trim();
    const frag = XYWH.exec(payload);
    if (!frag) continue;
    const [, x, y, w, h] = frag.map(Number) as [number, number, number, number, number];
    if (w <= 0 || h <= 0) continue;
    cues.push({
      start: parseVttTime(timing[1]!),
      end: parseVttTime(timing[2]!),
      url: resolveAgainst(payload.slice(0, frag.index), vttUrl),
      x,
      y,
      w,
      h,
    });
  }
  return cues;
}

/** The cue showing `time` (cues are sorted by start); past the last cue, the last one. */
export function cueAt(cues: readonly StoryboardCue[], time: number): StoryboardCue | undefined {
  let lo = 0;
  let hi = cues.length - 1;
  let found: StoryboardCue | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cue = cues[mid]!;
    if (cue.start <= time) {
      found = cue;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found ?? cues[0];
}

/** Fetches and parses a storyboard; an unreachable or malformed file gives no preview rather than an error. */
export async function loadStoryboard(url: string): Promise<StoryboardCue[]> {
  try {
    const res = await fetch(url);
    if (!res.ok) return [];
    return parseStoryboardVtt(await res.text(), url);
  } catch {
    return [];
  }
}
