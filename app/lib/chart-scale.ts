/**
 * Axis arithmetic for the console's charts: a "nice" top value and evenly spaced ticks (1, 2 or 5 times a
 * power of ten), so the gridlines carry round numbers.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power) || 1;
  const wholeStep = Math.max(1, Math.round(step)); // views are whole numbers
  const top = Math.ceil(max / wholeStep) * wholeStep;
  const ticks: number[] = [];
  for (let t = 0; t <= top; t += wholeStep) ticks.push(t);
  return ticks;
}

/** "2026-03-05" → "5 Mar" (UTC, the same on server and browser). */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/** Which bars get a day label under them: every day for a week, else about six labels, always the last day. */
export function labelledDays(count: number): Set<number> {
  const every = count <= 7 ? 1 : Math.ceil(count / 6);
  const shown = new Set<number>();
  for (let i = count - 1; i >= 0; i -= every) shown.add(i);
  return shown;
}
