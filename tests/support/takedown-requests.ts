import type { RateLimiter } from "../../server/db/rate-limit";
import { issueFormToken } from "../../server/services/form-token";
import { TAKEDOWN_FORM_PURPOSE, type TakedownSubmission } from "../../server/services/takedown-intake";

/**
 * Takedown requests as the public form sends them, for the service tests of server/services/takedown-*.ts: a
 * valid request with its own e-mail address each time and a form token issued 10 s before `now` (past the 3 s rule).
 */

let n = 0;

export function takedownSubmission(now: number, patch: Partial<TakedownSubmission["values"]> = {}, website = ""): TakedownSubmission {
  n += 1;
  return {
    values: {
      kind: "non-consensual",
      name: " Rosa Example ",
      email: `rosa${n}@example.com`,
      urls: "https://pleazure.example/video/00000000-0000-4000-8000-000000000000",
      description: "This clip was made to look like me; I never agreed to it.",
      goodFaith: "on",
      signature: "Rosa Example",
      ...patch,
    },
    website,
    formToken: issueFormToken(now - 10_000, TAKEDOWN_FORM_PURPOSE),
  };
}

/** A rate limiter that lets everything through (the tests of other rules than the limit). */
export const UNLIMITED: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };
