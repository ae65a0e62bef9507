import type { RateLimitRule } from "../rate-limit";

/** The account rules of issue 10 / DESIGN.md §4.10 in one place. */
export const SIGN_IN_CODE = { digits: 6, expiresInSeconds: 5 * 60, attempts: 3 } as const;

/** Sessions last 30 days and slide: a request after a day refreshes the expiry (and the cookie). */
export const SESSION = { expiresInSeconds: 30 * 24 * 3600, updateAgeSeconds: 24 * 3600 } as const;

export const AUTH_LIMITS = {
  /** Codes sent to one address: a mailbox cannot be flooded. */
  codesPerAddress: { points: 3, durationSeconds: 5 * 60 },
  /** Codes requested from one IP: generous, since many people share an address behind NAT. */
  codesPerIp: { points: 20, durationSeconds: 60 * 60 },
  /** Sign-in attempts (codes entered, Google sign-ins started or returning) from one IP. */
  signInsPerIp: { points: 15, durationSeconds: 5 * 60 },
} as const satisfies Record<string, RateLimitRule>;
