/**
 * Times in a video as people write them: "1:05", "1:02:05". One formatter for the player, the cards and the
 * chapters (app/lib/format.ts's formatDuration is this), and the parser the chapters form reads times with.
 */

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;

/** 65 → "1:05", 3725 → "1:02:05"; empty, negative or non-finite → "0:00". */
export function formatClockTime(seconds: number | null | undefined): string {
  const total = seconds == null || !Number.isFinite(seconds) || seconds <= 0 ? 0 : Math.floor(seconds);
  const h = Math.floor(total / SECONDS_PER_HOUR);
  const m = Math.floor((total % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const s = String(total % SECONDS_PER_MINUTE).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

// m:ss (any number of minutes), h:mm:ss, or whole seconds; minutes and seconds after a colon are two digits 00–59.
const M_SS = /^(\d{1,4}):([0-5]\d)$/;
const H_MM_SS = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/;
const SECONDS = /^\d{1,6}$/;

/** "1:30" → 90, "1:02:03" → 3723, "90" → 90; anything else (1:75, 1.5, -3, 1:2) → null. */
export function parseClockTime(text: string): number | null {
  const t = text.trim();
  if (SECONDS.test(t)) return Number(t);
  const ms = M_SS.exec(t);
  if (ms) return Number(ms[1]) * SECONDS_PER_MINUTE + Number(ms[2]);
  const hms = H_MM_SS.exec(t);
  if (hms) return Number(hms[1]) * SECONDS_PER_HOUR + Number(hms[2]) * SECONDS_PER_MINUTE + Number(hms[3]);
  return null;
}
