import type { Kysely } from "kysely";
import type { RateLimiter } from "../../server/db/rate-limit";
import type { Database } from "../../server/db/schema";
import { issueFormToken } from "../../server/services/form-token";
import { TAKEDOWN_FORM_PURPOSE, type TakedownSubmission } from "../../server/services/takedown-intake";
import { insertUser } from "./fixtures";

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

/** Where the test requests come from. */
export const TAKEDOWN_META = { ip: "198.51.100.7", userAgent: "TakedownSpec" };

/** Three admins: one removes, one uploaded, one is neither (appeals need a second admin). */
export const TAKEDOWN_ADMINS = {
  remover: { id: "td-remover", email: "remover@example.com" },
  uploader: { id: "td-uploader", email: "uploader@example.com" },
  third: { id: "td-third", email: "third@example.com" },
};

export async function insertTakedownAdmins(db: Kysely<Database>): Promise<void> {
  for (const u of Object.values(TAKEDOWN_ADMINS)) await insertUser(db, { ...u, role: "admin" });
}
