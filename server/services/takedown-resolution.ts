import { sql } from "kysely";
import type { QueueEntry } from "../../core/console-rows";
import { DEFAULT_LOCALE, isLocale } from "../../core/locales";
import { paths } from "../../core/paths";
import { getDb } from "../db/connection";
import { logger } from "../logger";
import { sendMail } from "../mail";
import { invalidatePages } from "../realtime/shared-caches";
import { type Actor, recordAdminAction } from "./audit-log";
import { outcomeMail } from "./takedown-mails";
import { queueEntry } from "./takedown-queue";
import { type RemovalDeps, removeVideo, VideoRemovalNotFoundError } from "./video-removal";
import { isVideoId } from "./videos";

/**
 * Deciding a takedown request in the console (docs/decisions/0029-takedowns-and-fingerprints.md,
 * docs/trust-and-safety.md §3): "removed" goes through removeVideo, the one way a video is taken down; "rejected"
 * needs a reason. The decision is audited and the requester is told the outcome.
 */

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
  // In the language of the page the request came from (docs/i18n.md), English for requests from before it was kept.
  await sendMail(outcomeMail(closed, isLocale(closed.locale) ? closed.locale : DEFAULT_LOCALE)).catch((err: unknown) =>
    logger.error({ err, reference: closed.reference }, "takedown outcome e-mail failed"),
  );
  return queueEntry(db, id);
}
