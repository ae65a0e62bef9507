// The listing's fake data: 24 cards whose view counts cover every plural category (0, 1, 2, 3..10, 11..99, 100+, 1e6).
export interface Video {
  id: number;
  title: string;
  creator: string;
  views: number;
  uploaded: string;
  seconds: number;
  hd: boolean;
  isNew: boolean;
  liked: number;
}

const COUNTS = [0, 1, 2, 3, 7, 11, 42, 99, 100, 101, 1_234, 5_000, 12_345, 99_999, 100_001, 250_000, 999_999, 1_000_000, 1_500_000, 2_000_000, 3, 21, 1_001, 64];

export const VIDEOS: Video[] = COUNTS.map((views, i) => ({
  id: 1000 + i,
  title: `Sunset timelapse over the harbour, part ${i + 1}`,
  creator: `creator${(i * 7) % 13}`,
  views,
  uploaded: new Date(Date.UTC(2026, 10, 1 + (i % 28), 12)).toISOString(),
  seconds: 95 + i * 137,
  hd: i % 3 !== 0,
  isNew: i < 4,
  liked: 70 + ((i * 3) % 30),
}));

export const TAGS = ["timelapse", "harbour", "sunset", "city", "drone", "nature", "night", "4k"];
export const CATEGORIES = ["Nature", "Travel", "Cities", "Music", "Sports", "Animals"];

export function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

export const LANGUAGES: [string, string][] = [
  ["en", "English"],
  ["de", "Deutsch"],
  ["fr", "Français"],
  ["es", "Español"],
  ["pt-BR", "Português (Brasil)"],
  ["ja", "日本語"],
  ["ar", "العربية"],
];
