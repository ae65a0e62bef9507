import { type RateLimitDecision, type RateLimitRule, sharedRateLimiter } from "../db/rate-limit";

/**
 * Per-user limits on the account writes (issue 10 item 5). Generous for people, tight for scripts: the
 * player reports the position every 10 s (6 a minute, plus pauses), a person toggles a few favorites.
 */
export const ACCOUNT_LIMITS = {
  favorites: { points: 60, durationSeconds: 60 },
  // Reordering a list by keyboard is a write per step: room for a person, not for a script.
  playlists: { points: 120, durationSeconds: 60 },
  history: { points: 30, durationSeconds: 60 },
  historyEdits: { points: 60, durationSeconds: 60 },
  settings: { points: 20, durationSeconds: 10 * 60 },
  /** The player's autoplay switch and caption style: a person flips them a few times, a script hundreds. */
  preferences: { points: 30, durationSeconds: 60 },
  export: { points: 10, durationSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export type AccountLimit = keyof typeof ACCOUNT_LIMITS;

/** Counts one `kind` write of `userId`. */
export function consumeAccountLimit(kind: AccountLimit, userId: string): Promise<RateLimitDecision> {
  return sharedRateLimiter(`account-${kind}`, ACCOUNT_LIMITS[kind]).consume(userId);
}

/** The Retry-After header value of a refusal, in whole seconds. */
export function retryAfterSeconds(decision: Extract<RateLimitDecision, { allowed: false }>): string {
  return String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
}
