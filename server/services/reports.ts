import crypto from "node:crypto";
import { sql } from "kysely";
import { videoPagePath } from "../../core/params";
import type { ReportTarget } from "../../core/report-path";
import { checkReportFields, HIDING_REASONS, type ReportErrors, reasonLabel } from "../../core/report-schema";
import { getDb } from "../db/connection";
import { logger } from "../logger";
import { ipRateLimitKey, type RateLimiter, type RateLimitRule, sharedRateLimiter } from "../rate-limit";
import { invalidatePages } from "../realtime/shared-caches";
import { mailAdmins } from "./admin-mail";
import { TRANSPARENCY_PATH } from "./transparency";
import { invalidateVideoListCaches } from "./videos";

/**
 * Reports (issue 22 item 1): anyone may report a public video or a visible comment. A report for a real
 * person without consent or a possible minor hides the item at once (safety before reach) and tells the
 * admins; the moderation queue (moderation-queue.ts) restores or removes it. Defences against using reports
 * to take videos down: a per-client limit in the shared store, one open report per client and item, and an
 * item a moderator has kept is never hidden again by a report (it queues instead).
 */

/** Per client address: enough for a person, too few to hide a catalogue. */
export const REPORT_RATE_LIMIT: RateLimitRule = { points: 10, durationSeconds: 60 * 60 };

export interface ReportSubmission {
  target: ReportTarget;
  reason?: string;
  details?: string;
  /** The honeypot field: a bot's report is dropped quietly. */
  website: string;
}

export interface Reporter {
  userId: string | null;
  ip: string | null;
  /** The site's public origin, for the link in the admins' e-mail. */
  origin: string;
}

export type ReportOutcome =
  | { status: "received"; reference: string; hidden: boolean; videoId: string }
  | { status: "dropped" }
  | { status: "invalid"; errors: ReportErrors }
  | { status: "not-found" }
  | { status: "rate-limited"; retryAfterMs: number };

/** What a report is about, as the report page shows it. */
export interface ReportedItem {
  target: ReportTarget;
  videoId: string;
  videoTitle: string;
  /** The comment's text (reports of a comment only). */
  commentText: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The item as the public sees it: a public video, or a comment on one that is neither deleted nor held. */
export async function findReportableItem(target: ReportTarget): Promise<ReportedItem | undefined> {
  if (!UUID.test(target.id)) return undefined;
  const db = getDb();
  if (target.type === "video") {
    const video = await db
      .selectFrom("videos")
      .select(["id", "title"])
      .where("id", "=", target.id)
      .where("is_public", "=", true)
      .executeTakeFirst();
    return video && { target, videoId: video.id, videoTitle: video.title, commentText: null };
  }
  const comment = await db
    .selectFrom("comments as c")
    .innerJoin("videos as v", "v.id", "c.video_id")
    .select(["c.content", "v.id as video_id", "v.title"])
    .where("c.id", "=", target.id)
    .where("c.is_deleted", "=", false)
    .where("c.held_at", "is", null)
    .where("v.is_public", "=", true)
    .executeTakeFirst();
  return comment && { target, videoId: comment.video_id, videoTitle: comment.title, commentText: comment.content };
}

/**
 * Field errors first (a person learns what to fix), then the honeypot, the item, a repeated report (its
 * first reference again, nothing counted), the rate limit, and the write. Store failures throw.
 */
export async function submitReport(
  sub: ReportSubmission,
  reporter: Reporter,
  deps: { limiter?: RateLimiter } = {},
): Promise<ReportOutcome> {
  const checked = checkReportFields(sub);
  if (!checked.ok) return { status: "invalid", errors: checked.errors };
  if (sub.website.trim() !== "") return { status: "dropped" };
  const item = await findReportableItem(sub.target);
  if (!item) return { status: "not-found" };
  const addressKey = ipRateLimitKey(reporter.ip);
  const reporterKey = reporter.userId ? `user:${reporter.userId}` : `ip:${addressKey}`;
  const earlier = await openReportBy(sub.target, reporterKey);
  if (earlier) return { status: "received", reference: earlier, hidden: false, videoId: item.videoId };
  const decision = await (deps.limiter ?? sharedRateLimiter("reports", REPORT_RATE_LIMIT)).consume(addressKey);
  if (!decision.allowed) return { status: "rate-limited", retryAfterMs: decision.retryAfterMs };

  const { reason, details } = checked.fields;
  const hides = HIDING_REASONS.has(reason);
  const saved = await getDb()
    .transaction()
    .execute(async (trx) => {
      // Was this item already reported for a hiding reason? Then the admins already know.
      const alreadyAlarmed = hides
        ? await trx
            .selectFrom("reports")
            .select("id")
            .where("target_type", "=", sub.target.type)
            .where("target_id", "=", sub.target.id)
            .where("resolved_at", "is", null)
            .where("reason", "in", [...HIDING_REASONS])
            .executeTakeFirst()
        : undefined;
      const inserted = await trx
        .insertInto("reports")
        .values({
          reference: newReference(),
          target_type: sub.target.type,
          target_id: sub.target.id,
          video_id: item.videoId,
          reason,
          details: details || null,
          reporter_user_id: reporter.userId,
          reporter_key: reporterKey,
        })
        .onConflict((oc) => oc.columns(["target_type", "target_id", "reporter_key"]).where("resolved_at", "is", null).doNothing())
        .returning("reference")
        .executeTakeFirst();
      if (!inserted) return undefined; // the same client's report won a race: answered below with its reference
      const hidden = hides ? await hold(trx, sub.target) : false;
      return { reference: inserted.reference, hidden, notify: hides && !alreadyAlarmed };
    });
  if (!saved) {
    const reference = await openReportBy(sub.target, reporterKey);
    if (!reference) throw new Error("report conflict without an open report");
    return { status: "received", reference, hidden: false, videoId: item.videoId };
  }
  // Every page listing a hidden video drops it; a hidden comment changes its video's page; the figures move.
  if (saved.hidden && sub.target.type === "video") await invalidateVideoListCaches();
  else await invalidatePages(saved.hidden ? [videoPagePath(item.videoId), TRANSPARENCY_PATH] : [TRANSPARENCY_PATH]);
  if (saved.notify) await tellAdmins(item, { reason, details, reference: saved.reference, hidden: saved.hidden, origin: reporter.origin });
  return { status: "received", reference: saved.reference, hidden: saved.hidden, videoId: item.videoId };
}

async function openReportBy(target: ReportTarget, reporterKey: string): Promise<string | undefined> {
  const row = await getDb()
    .selectFrom("reports")
    .select("reference")
    .where("target_type", "=", target.type)
    .where("target_id", "=", target.id)
    .where("reporter_key", "=", reporterKey)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return row?.reference;
}

type Trx = Parameters<Parameters<ReturnType<ReturnType<typeof getDb>["transaction"]>["execute"]>[0]>[0];

/** Hides a visible item that no moderator has kept yet; true when this call hid it. */
async function hold(trx: Trx, target: ReportTarget): Promise<boolean> {
  const row =
    target.type === "video"
      ? await trx
          .updateTable("videos")
          .set({ held_at: sql`now()`, is_public: false })
          .where("id", "=", target.id)
          .where("is_public", "=", true)
          .where("reviewed_at", "is", null)
          .returning("id")
          .executeTakeFirst()
      : await trx
          .updateTable("comments")
          .set({ held_at: sql`now()` })
          .where("id", "=", target.id)
          .where("held_at", "is", null)
          .where("reviewed_at", "is", null)
          .returning("id")
          .executeTakeFirst();
  return row !== undefined;
}

async function tellAdmins(
  item: ReportedItem,
  { reason, details, reference, hidden, origin }: { reason: string; details: string; reference: string; hidden: boolean; origin: string },
): Promise<void> {
  const what = item.target.type === "video" ? `the video "${item.videoTitle}"` : `a comment on "${item.videoTitle}"`;
  const lines = [
    `A visitor reported ${what}: ${reasonLabel(reason)}.`,
    hidden
      ? "It is hidden from the public until a moderator decides."
      : "A moderator kept it before, so it stays visible until you decide.",
    "",
    `Reference: ${reference}`,
    `Details: ${details || "none given"}`,
    ...(item.commentText === null ? [] : [`Comment: ${item.commentText}`]),
    "",
    `Open the moderation queue: ${origin}/admin/reports`,
  ];
  try {
    await mailAdmins({ subject: `Report ${reference}: ${reasonLabel(reason)}`, text: lines.join("\n") });
  } catch (err) {
    // The report is stored and the item hidden; the queue shows it whatever happened to the mail.
    logger.error({ err, reference }, "could not e-mail the admins about a report");
  }
}

// Crockford's base 32 without I, L, O, U: read aloud or typed back without confusion.
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `R-XXXX-XXXX`: 40 random bits, short enough to quote, not guessable to look up. */
export function newReference(prefix = "R"): string {
  const bytes = crypto.randomBytes(8);
  const chars = [...bytes].map((b) => REFERENCE_ALPHABET[b % 32]).join("");
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
}
