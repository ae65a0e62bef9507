// Categories shown when the database has none yet. This is the original's fallback
// list with "Teen" removed by content policy (docs/product.md "Content policy", core/content-safety).
export const FALLBACK_CATEGORIES = [
  "Amateur",
  "Anal",
  "Asian",
  "BBW",
  "Big Ass",
  "Big Tits",
  "Blonde",
  "Blowjob",
  "Brunette",
  "Creampie",
  "Cumshot",
  "Ebony",
  "Fetish",
  "Hardcore",
  "HD",
  "Interracial",
  "Latina",
  "Lesbian",
  "MILF",
  "Pornstar",
  "POV",
  "Redhead",
  "Threesome",
  "Vintage",
] as const;

export type FallbackCategory = (typeof FALLBACK_CATEGORIES)[number];
