import { parseTimestamp, TIMING } from "./caption-cues";
import { z } from "./zod";

/**
 * Caption files (docs/decisions/0033-captions.md): the languages the console offers, the bounds of an upload,
 * and the strict WebVTT reader that turns an upload into our own canonical file. Nothing of the upload is
 * kept as given: its cues are parsed, their text reduced to plain text with <b>, <i>, <u> and <v>, and a new
 * file is written from them. Headers, NOTE, STYLE and REGION blocks, cue settings and identifiers are
 * dropped (the player draws captions itself, so positioning and CSS from a file have nothing to act on).
 */

/** BCP 47 tags the console offers, with the name viewers see in the player's menu. */
export const CAPTION_LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Español" },
  { code: "fr", name: "Français" },
  { code: "de", name: "Deutsch" },
  { code: "it", name: "Italiano" },
  { code: "pt-BR", name: "Português (Brasil)" },
  { code: "nl", name: "Nederlands" },
  { code: "pl", name: "Polski" },
  { code: "ru", name: "Русский" },
  { code: "tr", name: "Türkçe" },
  { code: "ar", name: "العربية" },
  { code: "hi", name: "हिन्दी" },
  { code: "ja", name: "日本語" },
  { code: "ko", name: "한국어" },
  { code: "zh-Hans", name: "中文（简体）" },
] as const;

export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number]["code"];

const NAMES = new Map<string, string>(CAPTION_LANGUAGES.map((l) => [l.code, l.name]));

export function isCaptionLanguage(code: string): code is CaptionLanguage {
  return NAMES.has(code);
}

export function captionLanguageName(code: string): string {
  return NAMES.get(code) ?? code;
}

/** One caption track as the player gets it. */
export interface CaptionTrack {
  language: string;
  label: string;
  src: string;
}

/** The largest upload taken (a feature film's subtitles are ~100 KB). */
export const CAPTION_MAX_BYTES = 256 * 1024;
export const CAPTION_MAX_CUES = 5000;
/** Characters of one cue's text, after cleaning: more than fits on a screen. */
export const CAPTION_MAX_CUE_CHARS = 500;
/** A cue may start this long after the catalogue's duration (rounded to whole seconds) before it is refused. */
const DURATION_SLACK_SECONDS = 1;

export interface Cue {
  start: number;
  end: number;
  /** Canonical cue text: escaped plain text and the kept tags, lines joined with \n. */
  text: string;
}

export type CaptionParse = { ok: true; cues: Cue[]; vtt: string } | { ok: false; error: string };

const refuse = (error: string): CaptionParse => ({ ok: false, error });
const at = (line: number, message: string) => refuse(`Line ${line}: ${message}`);

export function formatTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * Reads an uploaded caption file (raw bytes) for a video of `durationSeconds`. Refusals name the line.
 * Cues ending after the video are clamped to its end; a cue starting after it is refused (a file for another video).
 */
export function parseCaptionFile(bytes: Uint8Array, durationSeconds: number): CaptionParse {
  if (bytes.byteLength === 0) return refuse("The file is empty.");
  if (bytes.byteLength > CAPTION_MAX_BYTES) return refuse(`The file is larger than ${CAPTION_MAX_BYTES / 1024} KB.`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refuse("The file is not UTF-8 text. Save it as UTF-8 and upload it again.");
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a caption file has no control characters but tab and line breaks
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
  const lines = text.split(/\r\n|\r|\n/);
  const bad = lines.findIndex((l) => control.test(l));
  if (bad >= 0) return at(bad + 1, "the file contains control characters; is it really a WebVTT text file?");
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) return at(1, 'a WebVTT file starts with the word "WEBVTT".');

  const cues: Cue[] = [];
  let i = 1;
  // The header (text after WEBVTT, metadata lines) runs to the first blank line.
  while (i < lines.length && lines[i] !== "") {
    if (lines[i]?.includes("-->")) return at(i + 1, "leave a blank line between the WEBVTT line and the first cue.");
    i++;
  }
  const limit = durationSeconds + DURATION_SLACK_SECONDS;
  while (i < lines.length) {
    if (lines[i] === "") {
      i++;
      continue;
    }
    const blockStart = i;
    const first = lines[i] ?? "";
    // NOTE comments, STYLE and REGION blocks: skipped whole (only cues are kept).
    if (/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first) && !first.includes("-->")) {
      while (i < lines.length && lines[i] !== "") i++;
      continue;
    }
    // An optional cue identifier line, then the timing line.
    if (!first.includes("-->")) i++;
    const timingLine = lines[i];
    if (timingLine === undefined || timingLine === "" || !timingLine.includes("-->"))
      return at(blockStart + 1, `expected a cue timing such as "00:00:01.000 --> 00:00:04.000", found "${excerpt(first)}".`);
    const timing = TIMING.exec(timingLine);
    const start = timing ? parseTimestamp(timing[1] ?? "") : null;
    const end = timing ? parseTimestamp(timing[2] ?? "") : null;
    if (start === null || end === null)
      return at(i + 1, `the cue timing "${excerpt(timingLine)}" cannot be read; write it as "00:00:01.000 --> 00:00:04.000".`);
    if (end <= start) return at(i + 1, `the cue ends (${formatTimestamp(end)}) before or when it starts (${formatTimestamp(start)}).`);
    if (start >= limit)
      return at(
        i + 1,
        `the cue starts at ${formatTimestamp(start)}, after the end of the video (${formatTimestamp(durationSeconds)}). Is this the file for this video?`,
      );
    const timingLineNumber = i + 1;
    i++;
    const payload: string[] = [];
    while (i < lines.length && lines[i] !== "") {
      const line = lines[i] ?? "";
      if (line.includes("-->")) return at(i + 1, 'a cue\'s text cannot contain "-->"; is a blank line missing before this cue?');
      payload.push(line);
      i++;
    }
    const cleaned = cleanCueText(payload.join("\n"));
    if (cleaned.plainLength > CAPTION_MAX_CUE_CHARS)
      return at(timingLineNumber, `the cue's text is longer than ${CAPTION_MAX_CUE_CHARS} characters.`);
    if (cleaned.text === "") continue; // an empty cue shows nothing
    cues.push({ start, end: Math.min(end, Math.max(durationSeconds, start + 0.001)), text: cleaned.text });
    if (cues.length > CAPTION_MAX_CUES) return refuse(`The file has more than ${CAPTION_MAX_CUES.toLocaleString("en")} cues.`);
  }
  if (!cues.length) return refuse("The file has no cues with text.");
  cues.sort((a, b) => a.start - b.start || a.end - b.end);
  return { ok: true, cues, vtt: serializeCaptions(cues) };
}

function excerpt(line: string): string {
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

/** Our canonical WebVTT: the signature, then each cue (no identifiers, no settings) with its cleaned text. */
export function serializeCaptions(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${formatTimestamp(c.start)} --> ${formatTimestamp(c.end)}\n${c.text}\n`).join("\n")}`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: "\u00a0", lrm: "\u200e", rlm: "\u200f", quot: '"', apos: "'" };
const KEPT = new Set(["b", "i", "u", "v"]);

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function decodeEntities(s: string): string {
  return s.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,6}));/gi, (whole, dec: string, hex: string, name: string) => {
    if (name) return ENTITIES[name.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : Number.parseInt(hex, 16);
    const ok = code > 0x1f && code !== 0x7f && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return ok ? String.fromCodePoint(code) : "";
  });
}

/**
 * Cue text reduced to what is harmless: text (entities decoded, then escaped again) and <b>, <i>, <u> and
 * <v Speaker>, balanced. Every other tag (classes, <c>, <ruby>, <lang>, timestamps, and anything HTML such as
 * <script> or <img>) is dropped, its text kept. Lines are trimmed at the end; line breaks stay.
 */
export function cleanCueText(raw: string): { text: string; plainLength: number } {
  let out = "";
  let plainLength = 0;
  const open: string[] = [];
  for (const part of raw.split(/(<[^>\n]*>?)/)) {
    if (!part.startsWith("<")) {
      const text = decodeEntities(part);
      plainLength += text.length;
      out += escapeText(text);
      continue;
    }
    const tag = /^<(\/?)([a-zA-Z]+)(?:\.[^\s>]*)?(?:[ \t]+([^>]*))?>$/.exec(part);
    const name = tag?.[2]?.toLowerCase() ?? "";
    if (!tag || !KEPT.has(name)) continue;
    if (tag[1]) {
      // A closing tag closes its element (and any still open inside it); a stray one is dropped.
      const index = open.lastIndexOf(name);
      if (index < 0) continue;
      while (open.length > index) out += `</${open.pop()}>`;
      continue;
    }
    if (name === "v") {
      if (open.includes("v")) continue;
      const speaker = decodeEntities(tag[3] ?? "")
        .replace(/[<>&]/g, "")
        .trim()
        .slice(0, 60);
      out += speaker ? `<v ${speaker}>` : "<v>";
    } else {
      out += `<${name}>`;
    }
    open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  const text = out
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/^\n+|\n+$/g, "");
  // Only tags left (an emptied cue): nothing to show.
  return { text: text.replace(/<[^>]*>/g, "").trim() ? text : "", plainLength };
}

/** The console's caption form (the file travels beside it, as the `file` field of a multipart body). */
export const captionForm = z.object({
  intent: z.enum(["save", "remove"]),
  language: z.string().max(20),
});

/** The form's body: the file, its fields and the multipart framing. */
export const CAPTION_FORM_MAX_BYTES = CAPTION_MAX_BYTES + 16 * 1024;

/** What the console's caption action answers. */
export type CaptionActionResult =
  | { ok: true; intent: "save" | "remove"; language: string }
  | { ok: false; language: string; error: string };
