/**
 * The takedown clock (docs/trust-and-safety.md §3): how long a request may stay open, in one place for the
 * database insert, the mails and every page that states it, and the time left as the console shows it. No
 * zod here, so the pages that only say the number do not carry the form's schema.
 */

/** Hours between a request and the time it must be resolved by (the TAKE IT DOWN Act's 48 hours). */
export const TAKEDOWN_HOURS = 48;

/** The clock as the console shows it: "31 h 5 min left", or "Overdue by 2 h 10 min". */
export function takedownClock(dueAt: Date, now: Date): { overdue: boolean; text: string } {
  const ms = dueAt.getTime() - now.getTime();
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const span = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return ms >= 0 ? { overdue: false, text: `${span} left` } : { overdue: true, text: `Overdue by ${span}` };
}
