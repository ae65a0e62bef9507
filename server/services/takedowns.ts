import crypto from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type { QueueEntry } from "../../core/console-rows";
import { paramOf, paths } from "../../core/paths";
import { site } from "../../core/site";
import {
  REFERENCE_ALPHABET,
  splitUrls,
  TAKEDOWN_KINDS,
  type TakedownErrors,
  type TakedownInput,
  type TakedownValues,
  validateTakedown,
} from "../../core/takedown-schema";
import { getDb } from "../db/connection";
import type { Database, TakedownRequestsTable } from "../db/schema";
import { checkFormToken, spendFormToken } from "../form-token";
import { logger } from "../logger";
import { sendMail } from "../mail";
import { ipRateLimitKey, type RateLimiter, type RateLimitRule, sharedRateLimiter } from "../rate-limit";
import { invalidatePages } from "../realtime/shared-caches";
import { mailOrigin } from "../site-url";
import { adminEmails } from "./admin-mail";
import { type Actor, recordAdminAction } from "./audit-log";
import { type RemovalDeps, removeVideo, VideoRemovalNotFoundError } from "./video-removal";
import { isVideoId } from "./videos";

/**
 * Takedown requests (issue 22, item 3): the public form's rules (the contact form's, core/contact-schema.ts:
 * validate, drop bots quietly, rate-limit per address in the shared store, store), the requester's
 * confirmation and outcome e-mails, the console queue on its 48-hour clock, the admins' overdue notice (once
 * per request, server/jobs/takedown-overdue.ts runs it every minute), and resolving: "removed" goes through
 * removeVideo, the one way a video is taken down. No HTTP here.
 */

export const TAKEDOWN_RATE_LIMIT: RateLimitRule = { points: 5, durationSeconds: 60 * 60 };
export const TAKEDOWN_FORM_PURPOSE = "takedown";
const USER_AGENT_MAX = 1000;

export type TakedownRequest = Selectable<TakedownRequestsTable>;

export interface TakedownSubmission {
  values: TakedownValues;
  website: string;
  formToken: string;
}

export type TakedownOutcome =
  | { status: "sent"; reference: string }
  /** A bot: the same success view with a reference that names nothing; nothing is stored or mailed. */
  | { status: "dropped"; reason: "honeypot" | "too-fast"; reference: string }
  | { status: "invalid"; errors: TakedownErrors }
  | { status: "token-invalid" }
  | { status: "token-expired" }
  /** The same form sent again: its token was spent by the first (server/form-token.ts). */
  | { status: "token-used" }
  | { status: "rate-limited"; retryAfterMs: number };

export interface TakedownDeps {
  now?: number;
  limiter?: RateLimiter;
  /** Confirmations per recipient (CONFIRMATION_MAIL_LIMIT in the shared store unless a test gives its own). */
  mailLimiter?: RateLimiter;
}

/** `TD-XXXX-XXXX`: 8 characters of 31, about 40 bits, unguessable enough to name a request in e-mail. */
export function newReference(): string {
  const pick = () => REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  const group = () => Array.from({ length: 4 }, pick).join("");
  return `TD-${group()}-${group()}`;
}

export async function submitTakedown(
  sub: TakedownSubmission,
  meta: { ip: string | null; userAgent: string | null },
  deps: TakedownDeps = {},
): Promise<TakedownOutcome> {
  const valid = validateTakedown(sub.values);
  if (!valid.success) return { status: "invalid", errors: valid.errors };
  if (sub.website.trim() !== "") return { status: "dropped", reason: "honeypot", reference: newReference() };
  const token = checkFormToken(sub.formToken, deps.now ?? Date.now(), TAKEDOWN_FORM_PURPOSE);
  if (token.status === "invalid") return { status: "token-invalid" };
  if (token.status === "expired") return { status: "token-expired" };
  if (token.status === "too-fast") return { status: "dropped", reason: "too-fast", reference: newReference() };
  const limiter = deps.limiter ?? sharedRateLimiter("takedown", TAKEDOWN_RATE_LIMIT);
  const decision = await limiter.consume(ipRateLimitKey(meta.ip));
  if (!decision.allowed) return { status: "rate-limited", retryAfterMs: decision.retryAfterMs };
  if (!(await spendFormToken(token, TAKEDOWN_FORM_PURPOSE))) return { status: "token-used" };
  const request = await storeTakedown(valid.data, meta);
  await invalidatePages([paths.trust()]); // its figures count requests received
  await confirm(request, deps.mailLimiter);
  return { status: "sent", reference: request.reference };
}

/** The first URL naming one of this site's video pages (`paths.video(id)`) for a video that exists. */
async function linkedVideo(db: Kysely<Database>, urls: string): Promise<string | null> {
  const ids = splitUrls(urls).flatMap((u) => {
    const id = paramOf(paths.video, new URL(u).pathname);
    return isVideoId(id) ? [id.toLowerCase()] : [];
  });
  if (!ids.length) return null;
  const row = await db.selectFrom("videos").select("id").where("id", "in", ids).limit(1).executeTakeFirst();
  return row?.id ?? null;
}

async function storeTakedown(input: TakedownInput, meta: { ip: string | null; userAgent: string | null }): Promise<TakedownRequest> {
  const db = getDb();
  const videoId = await linkedVideo(db, input.urls);
  // A reference that collides (one in a trillion) is drawn again.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .insertInto("takedown_requests")
        .values({
          reference: newReference(),
          kind: input.kind,
          name: input.name,
          email: input.email,
          urls: splitUrls(input.urls).join("\n"),
          description: input.description,
          signature: input.signature,
          video_id: videoId,
          ip_address: meta.ip,
          user_agent: meta.userAgent ? meta.userAgent.slice(0, USER_AGENT_MAX) : null,
          // created_at and due_at: the database's clock, so every instance agrees on the 48 hours.
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if ((err as { code?: string }).code !== "23505" || attempt > 3) throw err;
    }
  }
}

const kindLabel = (kind: string) => TAKEDOWN_KINDS.find((k) => k.value === kind)?.label ?? kind;

/**
 * The confirmation: the reference and the site's own words only (issue 32 item 4). Nothing the requester typed
 * (a name, addresses that could be links elsewhere) is repeated, so the form cannot be used to send someone else
 * a message in the site's name; it goes to the one bare address given (EMAIL_PATTERN).
 */
function confirmationMail(r: TakedownRequest) {
  const addresses = r.urls.split("\n").filter(Boolean).length;
  return {
    to: r.email,
    subject: `Takedown request received: ${r.reference}`,
    text: [
      "Hello,",
      "",
      `We received a takedown request sent with this e-mail address. Its reference is ${r.reference}.`,
      "",
      `Type: ${kindLabel(r.kind)}`,
      `Addresses named: ${addresses}`,
      "",
      `We review every request and act on valid ones within 48 hours, by ${r.due_at.toUTCString()}. We will write to you with the outcome.`,
      "If you did not send this request, you can ignore this message.",
      "",
      `${site.name} trust and safety`,
    ].join("\n"),
  };
}

/** Confirmations one address receives: enough for a person's requests, too few to flood someone else's inbox. */
export const CONFIRMATION_MAIL_LIMIT: RateLimitRule = { points: 3, durationSeconds: 24 * 60 * 60 };

/** Sends the confirmation unless its address had its share today; the request is stored either way. */
async function confirm(request: TakedownRequest, limiter?: RateLimiter): Promise<void> {
  const decision = await (limiter ?? sharedRateLimiter("confirmation-mail", CONFIRMATION_MAIL_LIMIT)).consume(request.email.toLowerCase());
  if (!decision.allowed) {
    logger.info({ reference: request.reference }, "takedown confirmation not sent: its address had its share of confirmations today");
    return;
  }
  // The request is on record whatever the mail does; a failed confirmation is logged, not shown as a failure.
  await sendMail(confirmationMail(request)).catch((err: unknown) =>
    logger.error({ err, reference: request.reference }, "takedown confirmation e-mail failed"),
  );
}

// --- the console queue -------------------------------------------------------------------------------

function queueQuery(db: Kysely<Database>) {
  return db
    .selectFrom("takedown_requests as t")
    .leftJoin("videos as v", "v.id", "t.video_id")
    .leftJoin("users as u", "u.id", "t.resolved_by")
    .select([
      "t.id",
      "t.reference",
      "t.kind",
      "t.name",
      "t.email",
      "t.urls",
      "t.description",
      "t.signature",
      "t.video_id",
      "v.title as video_title",
      "v.removed_at as video_removed_at",
      "t.created_at",
      "t.due_at",
      "t.status",
      "t.resolved_at",
      "t.outcome",
      "u.email as resolver_email",
    ]);
}

type QueueRow = Awaited<ReturnType<ReturnType<typeof queueQuery>["execute"]>>[number];

function toEntry(r: QueueRow): QueueEntry {
  return {
    id: r.id,
    reference: r.reference,
    kind: r.kind,
    name: r.name,
    email: r.email,
    urls: r.urls.split("\n"),
    description: r.description,
    signature: r.signature,
    videoId: r.video_id,
    videoTitle: r.video_title,
    videoRemoved: r.video_removed_at !== null,
    createdAt: r.created_at,
    dueAt: r.due_at,
    status: r.status,
    resolvedAt: r.resolved_at,
    outcome: r.outcome,
    resolvedBy: r.resolver_email,
  };
}

export const MAX_QUEUE = 200;

/** Open requests, the one due soonest first (the overdue ones on top), and the latest resolved. */
export async function listTakedowns(): Promise<{ open: QueueEntry[]; resolved: QueueEntry[]; now: Date }> {
  const db = getDb();
  const [open, resolved, clock] = await Promise.all([
    queueQuery(db).where("t.status", "=", "open").orderBy("t.due_at").orderBy("t.id").limit(MAX_QUEUE).execute(),
    queueQuery(db).where("t.status", "<>", "open").orderBy("t.resolved_at", "desc").orderBy("t.id").limit(50).execute(),
    sql<{ now: Date }>`SELECT now() AS now`.execute(db),
  ]);
  // The clock is the database's, as due_at is: every instance shows the same remaining time.
  return { open: open.map(toEntry), resolved: resolved.map(toEntry), now: clock.rows[0]?.now ?? new Date() };
}

/** The dashboard's figures: open requests and how long the oldest has waited. */
export async function takedownSummary(): Promise<{ open: number; overdue: number; oldestCreatedAt: Date | null }> {
  const row = await getDb()
    .selectFrom("takedown_requests")
    .select((eb) => [
      eb.fn.countAll<string>().as("open"),
      sql<string>`count(*) FILTER (WHERE due_at < now())`.as("overdue"),
      eb.fn.min("created_at").as("oldest"),
    ])
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), overdue: Number(row.overdue), oldestCreatedAt: row.oldest ? new Date(row.oldest) : null };
}

export class TakedownError extends Error {
  override name = "TakedownError";
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

export interface Resolution {
  decision: "removed" | "rejected";
  /** What the requester is told (and the audit log keeps). */
  note: string;
  /** The video to remove when the request names none (or another one). */
  videoId?: string | null;
}

/**
 * Resolves an open request. "removed" takes the video down first (removeVideo: idempotent, so a failure
 * after it can be retried), then the request is closed; a request another admin closed meanwhile is refused.
 * The requester is e-mailed the outcome.
 */
export async function resolveTakedown(id: string, resolution: Resolution, actor: Actor, deps: RemovalDeps = {}): Promise<QueueEntry> {
  const db = getDb();
  const request = isVideoId(id) ? await db.selectFrom("takedown_requests").selectAll().where("id", "=", id).executeTakeFirst() : undefined;
  if (!request) throw new TakedownError("This request no longer exists.", 404);
  if (request.status !== "open") throw new TakedownError(`This request was already resolved (${request.status}).`, 409);
  const note = resolution.note.trim();
  const videoId = resolution.videoId || request.video_id;
  if (resolution.decision === "removed") {
    if (!videoId) throw new TakedownError("Name the video to remove: the request links to none of this site's videos.");
    await removeVideo(videoId, { actor, reason: `Takedown ${request.reference}${note ? `: ${note}` : ""}`, cause: "takedown" }, deps).catch(
      (err: unknown) => {
        if (err instanceof VideoRemovalNotFoundError) throw new TakedownError("No video has that id.", 404);
        throw err;
      },
    );
  } else if (!note) {
    throw new TakedownError("Say why the request is rejected: the requester is told.");
  }
  const closed = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("takedown_requests")
      .set({ status: resolution.decision, resolved_at: sql`now()`, resolved_by: actor.id, outcome: note || null, video_id: videoId })
      .where("id", "=", id)
      .where("status", "=", "open")
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new TakedownError("This request was already resolved by another admin.", 409);
    await recordAdminAction(trx, {
      actor,
      action: "takedown.resolve",
      target: row.reference,
      before: { status: "open", due: request.due_at.toISOString() },
      after: { status: row.status, video: videoId, note: row.outcome, late: row.resolved_at && row.resolved_at > row.due_at },
    });
    return row;
  });
  await invalidatePages([paths.trust()]);
  await sendMail(outcomeMail(closed)).catch((err: unknown) =>
    logger.error({ err, reference: closed.reference }, "takedown outcome e-mail failed"),
  );
  const entry = await queueQuery(db).where("t.id", "=", id).executeTakeFirstOrThrow();
  return toEntry(entry);
}

function outcomeMail(r: TakedownRequest) {
  const removed = r.status === "removed";
  return {
    to: r.email,
    subject: `Takedown request ${r.reference}: ${removed ? "material removed" : "not removed"}`,
    text: [
      `Hello ${r.name},`,
      "",
      removed
        ? `We have removed the material named in your request ${r.reference}. It is no longer available on ${site.name}, and the same file cannot be published again.`
        : `We reviewed your request ${r.reference} and did not remove the material.`,
      r.outcome ? `\nOur note: ${r.outcome}` : "",
      "",
      `If you have questions, reply to ${site.contactEmail} quoting ${r.reference}.`,
      "",
      `${site.name} trust and safety`,
    ].join("\n"),
  };
}

// --- overdue notice -----------------------------------------------------------------------------------

/**
 * E-mails every admin about each open request past its due time, once per request: the row is claimed
 * (`overdue_notified_at`) in the transaction that sends, so a failed send is retried at the next run and
 * two runners never both send. Returns the references notified.
 */
export async function notifyOverdueTakedowns(): Promise<string[]> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const overdue = await trx
        .updateTable("takedown_requests")
        .set({ overdue_notified_at: sql`now()` })
        .where("status", "=", "open")
        .where("due_at", "<", sql<Date>`now()`)
        .where("overdue_notified_at", "is", null)
        .returning(["reference", "kind", "created_at", "due_at", "urls"])
        .execute();
      if (!overdue.length) return [];
      const admins = await adminEmails(trx);
      const list = overdue.map(
        (r) =>
          `- ${r.reference} (${kindLabel(r.kind)}), received ${r.created_at.toUTCString()}, due ${r.due_at.toUTCString()}\n  ${r.urls.split("\n").join("\n  ")}`,
      );
      for (const to of admins) {
        await sendMail({
          to,
          subject: `Overdue takedown requests: ${overdue.map((r) => r.reference).join(", ")}`,
          text: [
            "These takedown requests are past their 48-hour deadline and still open:",
            "",
            ...list,
            "",
            `Resolve them in the console: ${mailOrigin()}${paths.admin.takedowns()}`,
          ].join("\n"),
        });
      }
      if (!admins.length) logger.error({ references: overdue.map((r) => r.reference) }, "overdue takedown requests, and no admin to tell");
      return overdue.map((r) => r.reference);
    });
}
