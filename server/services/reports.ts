import crypto from "node:crypto";
import { type Kysely, sql } from "kysely";
import { paths } from "../../core/paths";
import { checkReportFields, HIDING_REASONS, type ReportErrors, reasonLabel } from "../../core/report-schema";
import type { ReportTarget } from "../../core/report-target";
import { getDb } from "../db/connection";
import { ipNetworkKey, ipRateLimitKey, type RateLimiter, type RateLimitRule, sharedRateLimiter } from "../db/rate-limit";
import type { Database } from "../db/schema";
import { logger } from "../logger";
import { invalidatePages } from "../realtime/shared-caches";
import { mailOrigin } from "../site-url";
import { mailAdmins } from "./admin-mail";
import { checkFormToken, REPORT_FORM_PURPOSE, spendFormToken } from "./form-token";
import { shownToOthers } from "./playlist-visibility";
import { decideHide, type HidingBudget, hidingBudget } from "./report-budget";
import { inGoodStanding } from "./standing";
import { invalidateVideoListCaches } from "./videos";

/**
 * Reports (issue 22 item 1, issue 32): anyone may report a public video, a visible comment or a public
 * playlist. A report for a real person without consent or a possible minor hides the item at once (safety
 * before reach) and tells the admins, within the budget on automatic hiding (report-budget.ts); a moderator
 * restores or removes it from the queue (moderation-queue.ts, moderation-decisions.ts). Defences against using reports to take the site down: a
 * per-client limit in the shared store, one open report per client and item, the hiding budget per network and
 * site-wide, and an item a moderator has kept is never hidden again by a report (it queues instead).
 */

/** Per client address: enough for a person, too few to hide a catalogue. */
export const REPORT_RATE_LIMIT: RateLimitRule = { points: 10, durationSeconds: 60 * 60 };

export interface ReportSubmission {
  target: ReportTarget;
  reason?: string;
  details?: string;
  /** The honeypot field: a bot's report is dropped quietly. */
  website: string;
  /** The form's single-use token (server/services/form-token.ts, purpose REPORT_FORM_PURPOSE). */
  formToken: string;
}

export interface Reporter {
  userId: string | null;
  ip: string | null;
}

export type ReportOutcome =
  | { status: "received"; reference: string; hidden: boolean; itemPath: string }
  | { status: "dropped" }
  | { status: "invalid"; errors: ReportErrors }
  | { status: "not-found" }
  | { status: "token-invalid" }
  | { status: "token-expired" }
  /** The same form sent again: its token was spent by the first. */
  | { status: "token-used" }
  | { status: "rate-limited"; retryAfterMs: number };

/** What a report is about, as the report page and the admins' mail show it. */
export interface ReportedItem {
  target: ReportTarget;
  /** The video's or the playlist's title (a comment's: its video's). */
  title: string;
  /** Where it is seen (a comment: its video's page). */
  path: string;
  /** The video a video or a comment belongs to (stored with the report), null for a playlist. */
  videoId: string | null;
  /** The comment's text, or the playlist's description: what the report is about, quoted. */
  quote: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The item as the public sees it: a public video, a comment on one that is neither deleted nor held, or a
 * public playlist that is not held and whose owner is not banned.
 */
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
    return video && { target, title: video.title, path: paths.video(video.id), videoId: video.id, quote: null };
  }
  if (target.type === "playlist") {
    const playlist = await db
      .selectFrom("playlists")
      .select(["id", "title", "description"])
      .where("id", "=", target.id)
      .where(shownToOthers)
      .executeTakeFirst();
    return (
      playlist && { target, title: playlist.title, path: paths.playlist(playlist.id), videoId: null, quote: playlist.description || null }
    );
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
  return (
    comment && { target, title: comment.title, path: paths.video(comment.video_id), videoId: comment.video_id, quote: comment.content }
  );
}

/**
 * Field errors first (a person learns what to fix), then the honeypot, the form token, the item, a repeated
 * report (its first reference again, nothing counted), the rate limit, the token spent, and the write. Store
 * failures throw.
 */
export async function submitReport(
  sub: ReportSubmission,
  reporter: Reporter,
  deps: { limiter?: RateLimiter; budget?: HidingBudget } = {},
): Promise<ReportOutcome> {
  const checked = checkReportFields(sub);
  if (!checked.ok) return { status: "invalid", errors: checked.errors };
  if (sub.website.trim() !== "") return { status: "dropped" };
  const token = checkFormToken(sub.formToken, Date.now(), REPORT_FORM_PURPOSE);
  if (token.status === "invalid" || token.status === "too-fast") return { status: "token-invalid" };
  if (token.status === "expired") return { status: "token-expired" };
  const item = await findReportableItem(sub.target);
  if (!item) return { status: "not-found" };
  const addressKey = ipRateLimitKey(reporter.ip);
  const reporterKey = reporter.userId ? `user:${reporter.userId}` : `ip:${addressKey}`;
  const earlier = await openReportBy(sub.target, reporterKey);
  if (earlier) return { status: "received", reference: earlier, hidden: false, itemPath: item.path };
  const decision = await (deps.limiter ?? sharedRateLimiter("reports", REPORT_RATE_LIMIT)).consume(addressKey);
  if (!decision.allowed) return { status: "rate-limited", retryAfterMs: decision.retryAfterMs };
  if (!(await spendFormToken(token, REPORT_FORM_PURPOSE))) return { status: "token-used" };

  const { reason, details } = checked.fields;
  const hides = HIDING_REASONS.has(reason);
  const network = ipNetworkKey(reporter.ip);
  const budgetRule = deps.budget ?? hidingBudget();
  const trusted = reporter.userId ? await inGoodStanding(reporter.userId) : false;
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
      // Only a report that would hide a visible, never-kept item spends the budget.
      const budget = hides && (await hideable(trx, sub.target)) ? await decideHide(trx, { network, trusted }, budgetRule) : null;
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
          reporter_network: network,
          reporter_trusted: trusted,
          auto_hide: budget === null ? null : budget.hide ? "hid" : "over-budget",
        })
        .onConflict((oc) => oc.columns(["target_type", "target_id", "reporter_key"]).where("resolved_at", "is", null).doNothing())
        .returning("reference")
        .executeTakeFirst();
      if (!inserted) return undefined; // the same client's report won a race: answered below with its reference
      const hidden = budget?.hide === true ? await hold(trx, sub.target) : false;
      const burst = budget && !budget.hide && budget.firstInBurst ? { hiddenLastHour: budget.hiddenLastHour } : null;
      return { reference: inserted.reference, hidden, notify: hides && !alreadyAlarmed, burst };
    });
  if (!saved) {
    const reference = await openReportBy(sub.target, reporterKey);
    if (!reference) throw new Error("report conflict without an open report");
    return { status: "received", reference, hidden: false, itemPath: item.path };
  }
  // Every page listing a hidden video drops it; a hidden comment changes its video's page; the figures move.
  // Playlist pages are rendered per viewer (never cached): only the figures.
  if (saved.hidden && sub.target.type === "video") await invalidateVideoListCaches();
  else await invalidatePages(saved.hidden && sub.target.type === "comment" ? [item.path, paths.trust()] : [paths.trust()]);
  if (saved.notify) await tellAdmins(item, { reason, details, reference: saved.reference, hidden: saved.hidden });
  if (saved.burst) await tellAdminsOfBurst(saved.burst.hiddenLastHour, budgetRule);
  return { status: "received", reference: saved.reference, hidden: saved.hidden, itemPath: item.path };
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

type Trx = Kysely<Database>;

/**
 * Per kind of item: its table, when a report may hide it (visible, and no moderator has kept it), and how it is
 * hidden (a held video is also not public, so every public query already leaves it out).
 */
const HOLDING = {
  video: { table: "videos", hideable: sql`is_public AND reviewed_at IS NULL`, hide: sql`held_at = now(), is_public = false` },
  comment: { table: "comments", hideable: sql`held_at IS NULL AND reviewed_at IS NULL`, hide: sql`held_at = now()` },
  playlist: { table: "playlists", hideable: sql`is_public AND held_at IS NULL AND reviewed_at IS NULL`, hide: sql`held_at = now()` },
} as const;

/** Whether a report could hide the item now; its row stays locked until the report's transaction ends. */
async function hideable(trx: Trx, target: ReportTarget): Promise<boolean> {
  const { table, hideable } = HOLDING[target.type];
  const { rows } = await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${target.id} AND ${hideable} FOR UPDATE`.execute(trx);
  return rows.length > 0;
}

/** Hides a visible item that no moderator has kept yet; true when this call hid it. */
async function hold(trx: Trx, target: ReportTarget): Promise<boolean> {
  const { table, hideable, hide } = HOLDING[target.type];
  const { rows } = await sql`UPDATE ${sql.table(table)} SET ${hide} WHERE id = ${target.id} AND ${hideable} RETURNING id`.execute(trx);
  return rows.length > 0;
}

const WHAT: Record<ReportTarget["type"], (title: string) => string> = {
  video: (title) => `the video "${title}"`,
  comment: (title) => `a comment on "${title}"`,
  playlist: (title) => `the playlist "${title}"`,
};

async function tellAdmins(
  item: ReportedItem,
  { reason, details, reference, hidden }: { reason: string; details: string; reference: string; hidden: boolean },
): Promise<void> {
  const lines = [
    `A visitor reported ${WHAT[item.target.type](item.title)}: ${reasonLabel(reason)}.`,
    hidden
      ? "It is hidden from the public until a moderator decides."
      : "It stays visible until you decide: a moderator kept it before, or the budget on automatic hiding is spent.",
    "",
    `Reference: ${reference}`,
    `Details (the reporter's words): ${details || "none given"}`,
    ...(item.quote === null ? [] : [`${item.target.type === "comment" ? "Comment" : "Description"}: ${item.quote}`]),
    "",
    `Open the moderation queue: ${mailOrigin()}${paths.admin.reports()}`,
  ];
  try {
    await mailAdmins({ subject: `Report ${reference}: ${reasonLabel(reason)}`, text: lines.join("\n") });
  } catch (err) {
    // The report is stored and the item hidden; the queue shows it whatever happened to the mail.
    logger.error({ err, reference }, "could not e-mail the admins about a report");
  }
}

/** The one alert of a burst: the first report in an hour that the budget kept from hiding its item. */
async function tellAdminsOfBurst(hiddenLastHour: number, budget: HidingBudget): Promise<void> {
  const lines = [
    "Reports are arriving faster than the budget on automatic hiding allows.",
    `In the last hour ${hiddenLastHour} item${hiddenLastHour === 1 ? " was" : "s were"} hidden at once by visitors and new accounts (the budget: ${budget.perHour} an hour, ${budget.perNetworkPerHour} per network).`,
    "Further reports queue without hiding their items until the hour has passed. Reports from accounts in good standing still hide at once.",
    "",
    "If the hidden items were reported in bad faith, restore them in one step: the moderation queue's",
    `"Restore a burst" form takes the time window and the reporters' network: ${mailOrigin()}${paths.admin.reports()}`,
  ];
  try {
    await mailAdmins({ subject: "Reports: the hiding budget is spent", text: lines.join("\n") });
  } catch (err) {
    logger.error({ err }, "could not e-mail the admins about a burst of reports");
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
