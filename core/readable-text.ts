/**
 * What counts as readable text, without zod: the rule the boundary's schemas apply (core/params.ts `plainText`,
 * `multilineText`), the request check before routing uses (server/http/input-boundary.ts) and the browser's own
 * checks use (core/comment-rules.ts), so a page that only checks text before sending need not bring zod along.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTERS.source, "g");
// A lone UTF-16 surrogate cannot be stored as UTF-8 text.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** One line: no control characters, no lone surrogates. */
export function isReadableLine(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text);
}

/** Several lines: as a line, but tabs and line breaks are allowed. */
export function isReadableMultiline(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text.replace(/[\t\r\n]/g, "")) && !LONE_SURROGATE.test(text);
}

/** `text` with each control character replaced by a space (PostgreSQL refuses NUL in text). */
export function blankControlCharacters(text: string): string {
  return text.replace(EVERY_CONTROL_CHARACTER, " ");
}

/**
 * Characters as PostgreSQL's length() counts them (code points), so the limits here and the database
 * CHECK constraints agree even for emoji (two UTF-16 units each).
 */
export function charCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}
