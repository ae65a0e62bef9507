/**
 * The sign-in texts, shared by the server (actions) and the page, are the `auth` namespace's messages in every
 * language (server/i18n/messages/auth.json; `emailRequired` is docs/product.md "Accounts" verbatim). This module
 * holds what the wait texts are given.
 */

/**
 * A wait as `tooManyAttempts` and `addressLocked` word it ("{unit, select, second {…} other {…}}", each a plural
 * of `count`): whole seconds under a minute, else whole minutes, rounded up.
 */
export function waitOf(retryAfterMs: number): { unit: "second" | "minute"; count: number } {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return seconds < 60 ? { unit: "second", count: seconds } : { unit: "minute", count: Math.ceil(seconds / 60) };
}
