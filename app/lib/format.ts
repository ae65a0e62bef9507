// Display formatters shared by server render and browser hydration. Every
// locale-dependent call names its language (English by default: "en-US") and
// UTC, so both sides produce identical markup (no hydration mismatches).

import type { Locale } from "~core/locales";

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;
const SECONDS_PER_DAY = 86_400;
const RELATIVE_CUTOFF_DAYS = 30;

function toDate(date: Date | string): Date | null {
  const parsed = date instanceof Date ? new Date(date.getTime()) : new Date(date);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

// Non-finite or negative input is treated as "nothing" rather than rendered.
function wholeSeconds(seconds: number | null | undefined): number {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.floor(seconds);
}

function compactIn(locale: Locale): Intl.NumberFormat {
  let format = compactCounts.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
    compactCounts.set(locale, format);
  }
  return format;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

const compactCounts = new Map<string, Intl.NumberFormat>();

/**
 * 999 → "999", 1500 → "1.5K", 2_345_678 → "2.3M" in English (the site's own rounding, docs/product.md); in
 * another language its own short form through `Intl` ("1500" → "1,5 Tsd.", "1.5万", "1.5 ألف").
 */
export function formatViews(n: number, locale: Locale = "en"): string {
  if (!Number.isFinite(n) || n <= 0) return locale === "en" ? "0" : compactIn(locale).format(0);
  if (locale !== "en") return compactIn(locale).format(Math.floor(n));
  const views = Math.floor(n);
  if (views < 1000) return String(views);
  // Round in integer tenths so 999_960 rolls over to "1.0M" instead of "1000.0K".
  const tenthsOfK = Math.round(views / 100);
  if (tenthsOfK < 10_000) return `${(tenthsOfK / 10).toFixed(1)}K`;
  const tenthsOfM = Math.round(views / 100_000);
  return `${(tenthsOfM / 10).toFixed(1)}M`;
}

/** 65 → "1:05", 3725 → "1:02:05"; empty/invalid → "0:00" (core/clock-time.ts, shared with the chapters form). */
export { formatClockTime as formatDuration } from "~core/clock-time";

// Built once per language and kind, on first use: constructing a formatter per call was a measurable share of SSR
// time (docs/benchmarks.md), and a page that shows no date need not build one in the browser (docs/benchmarks.md
// "Issue 35: house banners as markup", its part on date formatters). Fixed locale and UTC, so server and browser
// render the same text; English as "en-US".
const SHORT_DATE_OPTIONS = { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" } as const;
const LONG_DATE_OPTIONS = { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" } as const;

const byLocale = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = byLocale.get(key) as F | undefined;
  if (!format) {
    format = make();
    byLocale.set(key, format);
  }
  return format;
}
const dateLocale = (locale: Locale) => (locale === "en" ? "en-US" : locale);
const relativeIn = (locale: Locale) => cached(`rel:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
const shortDateIn = (locale: Locale) => cached(`short:${locale}`, () => new Intl.DateTimeFormat(dateLocale(locale), SHORT_DATE_OPTIONS));
const longDateIn = (locale: Locale) => cached(`long:${locale}`, () => new Intl.DateTimeFormat(dateLocale(locale), LONG_DATE_OPTIONS));

/**
 * "Just now", "N minutes/hours/days ago", then a fixed-format date after 30 days; in another language the same
 * steps in its own words through `Intl.RelativeTimeFormat` ("vor 3 Tagen", "il y a 3 jours", "3 日前").
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date(), locale: Locale = "en"): string {
  const then = toDate(date);
  if (!then) return "";
  // Future timestamps (clock skew between server and client) read as "Just now".
  const diffSeconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  const ago = (n: number, unit: "minute" | "hour" | "day") => (locale === "en" ? plural(n, unit) : relativeIn(locale).format(-n, unit));
  if (!(diffSeconds >= SECONDS_PER_MINUTE)) return locale === "en" ? "Just now" : relativeIn(locale).format(0, "second");
  if (diffSeconds < SECONDS_PER_HOUR) return ago(Math.floor(diffSeconds / SECONDS_PER_MINUTE), "minute");
  if (diffSeconds < SECONDS_PER_DAY) return ago(Math.floor(diffSeconds / SECONDS_PER_HOUR), "hour");
  const days = Math.floor(diffSeconds / SECONDS_PER_DAY);
  if (days < RELATIVE_CUTOFF_DAYS) return ago(days, "day");
  return shortDateIn(locale).format(then);
}

/** "November 23, 2026" (UTC; "23. November 2026" in German); invalid → "". */
export function formatLongDate(date: Date | string, locale: Locale = "en"): string {
  const parsed = toDate(date);
  if (!parsed) return "";
  return longDateIn(locale).format(parsed);
}

/** ISO 8601 duration for JSON-LD `duration`: 3725 → "PT1H2M5S", 0 → "PT0S". */
export function formatIsoDuration(seconds: number): string {
  const total = wholeSeconds(seconds);
  if (total === 0) return "PT0S";
  const h = Math.floor(total / SECONDS_PER_HOUR);
  const m = Math.floor((total % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const s = total % SECONDS_PER_MINUTE;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s ? `${s}S` : ""}`;
}

/** The words for a wait that has no duration to show (English's by default; a page passes its own language's). */
export interface WaitWords {
  /** Nothing was decided, so there is no time to show. */
  none: string;
  underAMinute: string;
}
const ENGLISH_WAIT_WORDS: WaitWords = { none: "none decided", underAMinute: "under a minute" };

type DurationParts = { days?: number; hours?: number; minutes?: number };
/** Intl.DurationFormat (Node 23+, Chromium), not yet in TypeScript's ES2024 library. */
type DurationFormatConstructor = new (locale: string, options: { style: "short" }) => { format(duration: DurationParts): string };

const durations = new Map<Locale, (parts: DurationParts) => string>();
function durationIn(locale: Locale): (parts: DurationParts) => string {
  let format = durations.get(locale);
  if (!format) {
    const DurationFormat = (Intl as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
    if (DurationFormat) {
      const formatter = new DurationFormat(locale, { style: "short" });
      format = (parts) => formatter.format(parts);
    } else {
      // Without it (Node before 23): the same short units, zero ones left out, joined as the language lists units.
      const list = new Intl.ListFormat(locale, { type: "unit", style: "short" });
      const unit = (name: string) => new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" });
      const units = { days: unit("day"), hours: unit("hour"), minutes: unit("minute") };
      format = (parts) =>
        list.format(
          (Object.keys(units) as (keyof DurationParts)[]).filter((k) => parts[k]).map((k) => units[k].format(parts[k] as number)),
        );
    }
    durations.set(locale, format);
  }
  return format;
}

/**
 * How long something waited, for the transparency page: "3 h 20 min", "45 min", "2 d 4 h", "under a minute" in
 * English; in another language its own short units through `Intl.DurationFormat` ("3 Std., 20 Min.", "3 時間 20 分"),
 * with `words` for no time at all and under a minute.
 */
export function formatWaitTime(seconds: number | null, locale: Locale = "en", words: WaitWords = ENGLISH_WAIT_WORDS): string {
  if (seconds === null) return words.none;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return words.underAMinute;
  const hours = Math.floor(minutes / 60);
  if (locale !== "en")
    return durationIn(locale)(hours >= 48 ? { days: Math.floor(hours / 24), hours: hours % 24 } : { hours, minutes: minutes % 60 });
  if (hours >= 48) return `${Math.floor(hours / 24)} d ${hours % 24} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}
