import { FALLBACK_CATEGORIES } from "../../core/categories";
import type { Chapter } from "../../core/chapters";
import { slugify } from "../../core/slug";

/** Deterministic pseudo-random numbers, so every fresh install gets the same demo catalogue. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The English words; server/seed/demo-words.ts has each other language's, in the same order.
export const ADJECTIVES = [
  "Velvet",
  "Neon",
  "Golden",
  "Midnight",
  "Crimson",
  "Silken",
  "Electric",
  "Amber",
  "Lunar",
  "Sapphire",
  "Hazy",
  "Radiant",
  "Slow",
  "Liquid",
  "Glowing",
  "Whispering",
  "Shimmering",
  "Violet",
  "Warm",
  "Endless",
];
export const NOUNS = [
  "Aurora",
  "Nebula",
  "Tide",
  "Ember",
  "Prism",
  "Drift",
  "Horizon",
  "Reverie",
  "Mirage",
  "Cascade",
  "Echo",
  "Bloom",
  "Pulse",
  "Orbit",
  "Haze",
  "Lagoon",
  "Spiral",
  "Glow",
  "Current",
  "Dream",
];
export const SUFFIXES = ["", "", "", " II", " at Dusk", " After Dark", " in Motion", " Reimagined", " (Extended)", " Nights"];

export interface TitleWords {
  adjective: number;
  noun: number;
  suffix: number;
}

/** Number of public demo videos per category: uneven on purpose, so paging and empty states show up. */
export function videosPerCategory(): Map<string, number> {
  const weights = [40, 21, 17, 12, 9, 8, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0];
  return new Map(FALLBACK_CATEGORIES.map((name, i) => [name, weights[i] ?? 0]));
}

export interface DemoVideoSpec {
  title: string;
  /** The title's words by their places in ADJECTIVES, NOUNS and SUFFIXES: its translations are made of the same. */
  words: TitleWords;
  description: string;
  categoryName: string;
  isPublic: boolean;
  views: number;
  uploadDate: Date;
  assetIndex: number;
}

const DAY = 86_400_000;

/** Builds the demo video rows (without media paths) for a given "now". */
export function demoVideoSpecs(now: Date, random = prng(20251123)): DemoVideoSpec[] {
  const specs: DemoVideoSpec[] = [];
  const pick = (list: readonly unknown[]): number => Math.floor(random() * list.length);
  const make = (categoryName: string, isPublic: boolean): DemoVideoSpec => {
    const words = { adjective: pick(ADJECTIVES), noun: pick(NOUNS), suffix: pick(SUFFIXES) };
    const title = `${ADJECTIVES[words.adjective]} ${NOUNS[words.noun]}${SUFFIXES[words.suffix]}`;
    // Skewed views: most videos modest, a few in the millions (exercises K/M formatting).
    const views = Math.floor(random() ** 6 * 3_200_000 + random() * 900);
    return {
      title,
      words,
      description: `An abstract, AI-generated study in colour and motion from our ${categoryName} collection. Synthetic media: no real people appear in this video.`,
      categoryName,
      isPublic,
      views,
      uploadDate: new Date(now.getTime() - Math.floor(random() * 420 * DAY) - Math.floor(random() * DAY)),
      assetIndex: Math.floor(random() * 1_000_000),
    };
  };
  for (const [name, count] of videosPerCategory()) {
    for (let i = 0; i < count; i++) specs.push(make(name, true));
  }
  for (const name of FALLBACK_CATEGORIES.slice(0, 5)) specs.push(make(name, false));
  return specs;
}

/** Chapter sets some demo videos carry: titles at fixed shares of the video's length (issue 23 item 4). */
export const DEMO_CHAPTER_SETS: [share: number, title: string][][] = [
  [
    [0, "Opening"],
    [0.3, "Colour shift"],
    [0.7, "Finale"],
  ],
  [
    [0, "Opening"],
    [0.25, "Slow drift"],
    [0.5, "Colour shift"],
    [0.8, "Finale"],
  ],
];

/** The chapters of the demo video at `index` in demoVideoSpecs: every fourth video has a set, the others none. */
export function demoChapters(index: number, duration: number): Chapter[] {
  if (index % 4 !== 0 || duration < 10) return [];
  const set = DEMO_CHAPTER_SETS[(index / 4) % DEMO_CHAPTER_SETS.length]!;
  return set.map(([share, title]) => ({ start: Math.round(share * duration), title }));
}

export function demoCategories(): { name: string; slug: string; views: number }[] {
  const random = prng(7);
  return FALLBACK_CATEGORIES.map((name) => ({ name, slug: slugify(name), views: Math.floor(random() * 50_000) }));
}

/** The five ad slots of docs/product.md "Ad slots". Zone ids are demo values until a real ad network is configured. */
export const DEMO_AD_UNITS = [
  { name: "Billboard_1", zone_id: "5001001", location: "list_inline", is_active: true, duration: 15 },
  { name: "Billboard_2", zone_id: "5001002", location: "list_bottom", is_active: true, duration: 15 },
  { name: "Med_Rect_1", zone_id: "5002001", location: "sidebar_top", is_active: true, duration: 15 },
  { name: "Med_Rect_2", zone_id: "5002002", location: "sidebar_middle", is_active: true, duration: 15 },
  { name: "Med_Rect_3", zone_id: "5002003", location: "sidebar_bottom", is_active: false, duration: 15 },
] as const;

/**
 * The pre-roll unit (see migration 0005): the house clip, 15 s (docs/product.md "Pre-roll"). Seeded active so that a fresh
 * `npm start` shows the feature; test servers seed it off (DEMO_PREROLL=off) so playback tests start at once.
 */
export function demoPreRollUnit(active: boolean) {
  return { name: "Pre_Roll", zone_id: "", location: "player", is_active: active, duration: 15, preroll_source: "house" as const };
}
