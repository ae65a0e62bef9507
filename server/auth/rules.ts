import type { RateLimitRule } from "../db/rate-limit";

/** The account rules of issue 10 / docs/product.md "Accounts" in one place. */
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
  /** Codes sent to one address from browsers that signed in to it before: their own bucket (known-device.ts). */
  codesPerKnownDevice: { points: 3, durationSeconds: 5 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Wrong codes per address across codes (issue 19 item 2): a code allows 3 attempts, but a new code resets
 * them, so without this cap one address would take 9 guesses every 5 minutes from any number of IPs. Past
 * either cap the address gets no new code and no code check until that window ends (code-lockout.ts), and
 * the owner gets one notice. 30 a day is about 0.09 % over a month against a 6-digit code; a person who
 * mistypes never comes near 10 in an hour. Browsers that signed in to the account before have a bucket of
 * their own with the same caps, so an attacker's failures never lock the owner out of those.
 */
export const CODE_FAILURE_LIMITS = {
  perHour: { points: 10, durationSeconds: 60 * 60 },
  perDay: { points: 30, durationSeconds: 24 * 60 * 60 },
  /** At most one lockout notice per address in this window, however many instances see the cap reached. */
  notice: { points: 1, durationSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** The "known device" cookie: this browser signed in to these accounts before (known-device.ts, ADR 0015). */
export const KNOWN_DEVICE = {
  cookieName: "pleazure.known_device",
  /** A year: the owner's usual browser stays known between sign-ins. */
  maxAgeSeconds: 365 * 24 * 3600,
  /** Accounts remembered per browser (a shared family computer); the oldest goes first. */
  maxAccounts: 5,
} as const;
