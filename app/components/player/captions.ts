/** A caption track the player offers (the page's list, core/captions.ts CaptionTrack). */
export interface CaptionChoice {
  language: string;
  label: string;
}

/**
 * The track for a remembered language: the same tag, else the same language (`pt` for `pt-BR`, `en-GB` for
 * `en`), else none: a video without that language starts without captions, and the preference stays.
 */
export function trackForLanguage<T extends CaptionChoice>(tracks: readonly T[], language: string | null): T | undefined {
  if (!language) return undefined;
  const exact = tracks.find((t) => t.language.toLowerCase() === language.toLowerCase());
  if (exact) return exact;
  const primary = (tag: string) => tag.split("-")[0]?.toLowerCase();
  return tracks.find((t) => primary(t.language) === primary(language));
}
