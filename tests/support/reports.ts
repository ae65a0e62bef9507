import type { ReportTarget } from "../../core/report-target";
import { getDb } from "../../server/db/connection";
import type { RateLimiter } from "../../server/db/rate-limit";
import { outboxDir } from "../../server/mail";
import { addComment } from "../../server/services/comments";
import { issueFormToken, REPORT_FORM_PURPOSE } from "../../server/services/form-token";
import { type Reporter, submitReport } from "../../server/services/reports";
import { mailsMentioning } from "./outbox";

/**
 * What the report tests (server/services/reports-intake.test.ts, reports-queue.test.ts) share: reporters, users and
 * comments to report, a report as the form sends it, and what a report leaves behind (the admins' mail, the video's
 * row). They run on the app's database, the test file's own (tests/support/test-db.ts).
 */

/** A report form's single-use token, as the page hands it out. */
export const reportToken = () => issueFormToken(Date.now(), REPORT_FORM_PURPOSE);

export const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };

let counter = 0;
/** A visitor from an address of their own. */
export function visitor(): Reporter {
  counter++;
  return { userId: null, ip: `198.51.${Math.floor(counter / 250)}.${(counter % 250) + 1}` };
}

export async function newUser(role: "user" | "admin" = "user"): Promise<{ id: string; email: string }> {
  counter++;
  const id = `report-user-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@example.com`;
  await getDb()
    .insertInto("users")
    .values({ id, email, full_name: null, avatar_url: null, role, is_creator: role === "admin" })
    .execute();
  return { id, email };
}

export async function comment(videoId: string, userId: string, content = "a comment"): Promise<string> {
  const outcome = await addComment({ videoId, userId, parentId: null, content }, { limiter: unlimited });
  if (outcome.status !== "added") throw new Error(outcome.status);
  return outcome.id;
}

/** The budget on automatic hiding has its own tests (server/services/report-budget.test.ts): here it never runs out. */
const noBudgetLimit = { perHour: 1_000_000, perNetworkPerHour: 1_000_000 };

export const report = (target: ReportTarget, reason: string, reporter = visitor(), details = "") =>
  submitReport({ target, reason, details, website: "", formToken: reportToken() }, reporter, { limiter: unlimited, budget: noBudgetLimit });

export function mailsAbout(reference: string): string[] {
  return mailsMentioning(outboxDir(), reference);
}

export const videoRow = (id: string) =>
  getDb().selectFrom("videos").select(["is_public", "held_at", "reviewed_at"]).where("id", "=", id).executeTakeFirstOrThrow();
