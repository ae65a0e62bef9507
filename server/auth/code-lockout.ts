import { type RateCounter, type RateLimiter, sharedRateCounter, sharedRateLimiter } from "../db/rate-limit";
import { logger } from "../logger";
import { findUserByEmail } from "../services/users";
import { googleConfigured } from "./auth";
import { sendLockoutNotice } from "./mail-texts";
import { CODE_FAILURE_LIMITS } from "./rules";

/**
 * The per-address cap on wrong sign-in codes across codes (issue 19 item 2), on the shared PostgreSQL store
 * so every instance counts together. Two buckets per address: "public" (any browser) and "known-device"
 * (browsers that signed in to the account before, known-device.ts), so an attacker filling the public
 * bucket locks only the public one. A locked bucket gets no new code and no code check until its window
 * ends; the owner is told once when the public bucket locks.
 */

export type CodeBucket = "public" | "known-device";

export type LockState = { locked: false } | { locked: true; retryAfterMs: number };

export interface LockoutCounters {
  perHour: RateCounter;
  perDay: RateCounter;
  notice: RateLimiter;
}

export function sharedLockoutCounters(): LockoutCounters {
  return {
    perHour: sharedRateCounter("auth-code-failures-hour", CODE_FAILURE_LIMITS.perHour),
    perDay: sharedRateCounter("auth-code-failures-day", CODE_FAILURE_LIMITS.perDay),
    notice: sharedRateLimiter("auth-code-lockout-notice", CODE_FAILURE_LIMITS.notice),
  };
}

// The address as checkEmail() gives it (trimmed, lower-cased), so "Admin@X" and " admin@x " share a count.
const keyFor = (email: string, bucket: CodeBucket) => (bucket === "public" ? email : `known:${email}`);

function stateOf(hour: { count: number; msBeforeReset: number }, day: { count: number; msBeforeReset: number }): LockState {
  const waits: number[] = [];
  if (hour.count >= CODE_FAILURE_LIMITS.perHour.points) waits.push(hour.msBeforeReset);
  if (day.count >= CODE_FAILURE_LIMITS.perDay.points) waits.push(day.msBeforeReset);
  return waits.length ? { locked: true, retryAfterMs: Math.max(1000, ...waits) } : { locked: false };
}

/** Whether `email`'s bucket is locked now (reads, counts nothing). */
export async function codeLockState(email: string, bucket: CodeBucket, counters = sharedLockoutCounters()): Promise<LockState> {
  const key = keyFor(email, bucket);
  const [hour, day] = await Promise.all([counters.perHour.read(key), counters.perDay.read(key)]);
  return stateOf(hour, day);
}

/**
 * Counts one wrong, expired or spent code for `email`'s bucket and returns the state after it. The failure
 * that reaches a cap (each count is handed out once, atomically, so exactly one request sees it) sends the
 * owner the notice, through one more limiter so two caps reached at once still make one message.
 */
export async function recordCodeFailure(email: string, bucket: CodeBucket, counters = sharedLockoutCounters()): Promise<LockState> {
  const key = keyFor(email, bucket);
  const [hour, day] = await Promise.all([counters.perHour.add(key), counters.perDay.add(key)]);
  const state = stateOf(hour, day);
  const reachedCap = hour.count === CODE_FAILURE_LIMITS.perHour.points || day.count === CODE_FAILURE_LIMITS.perDay.points;
  if (state.locked && reachedCap && bucket === "public") await noticeOwner(email, state.retryAfterMs, counters.notice);
  return state;
}

/** Tells the account's owner, if there is an account; a failed message is logged, never the request's failure. */
async function noticeOwner(email: string, retryAfterMs: number, noticeLimiter: RateLimiter): Promise<void> {
  try {
    if (!(await noticeLimiter.consume(email)).allowed) return;
    const user = await findUserByEmail(email);
    // No account, no owner: nobody to warn, and no message to an address that never asked for one.
    if (!user) return;
    await sendLockoutNotice(email, { until: new Date(Date.now() + retryAfterMs), google: googleConfigured() });
    logger.warn({ userId: user.id }, "sign-in codes locked for an address after repeated wrong codes; owner notified");
  } catch (err) {
    logger.error({ err }, "could not send the sign-in lockout notice");
  }
}
