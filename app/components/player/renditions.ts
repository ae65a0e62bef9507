/** A rendition the quality menu offers: hls.js level index and its height. */
export interface Rendition {
  level: number;
  height: number;
  label: string;
}

/** One entry per height, tallest first (two bitrates of one height would read the same in the menu). */
export function renditionsOf(levels: readonly { height: number; bitrate: number }[]): Rendition[] {
  const byHeight = new Map<number, { level: number; bitrate: number }>();
  levels.forEach((l, level) => {
    if (!l.height) return;
    const seen = byHeight.get(l.height);
    if (!seen || l.bitrate > seen.bitrate) byHeight.set(l.height, { level, bitrate: l.bitrate });
  });
  return [...byHeight.entries()].sort((a, b) => b[0] - a[0]).map(([height, { level }]) => ({ level, height, label: `${height}p` }));
}
