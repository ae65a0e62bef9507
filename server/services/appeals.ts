import { sql } from "kysely";
import type { OpenAppeal, RemovedVideo } from "../../core/console-rows";
import { site } from "../../core/site";
import { getDb } from "../db/connection";
import { logger } from "../logger";
import { sendMail } from "../mail";
import { type Actor, recordAdminAction } from "./audit-log";
import { isVideoId } from "./videos";

/**
 * Appeals against a removal (issue 22, item 3): the removed video's uploader appeals once, from the console;
 * an admin other than the one who removed it (and other than the appellant) decides. "Reversed" cannot bring
 * the media back (removal deleted them): it lifts the video's fingerprints so the uploader may publish the
 * file again, and says so. No HTTP here.
 */

export const APPEAL_MIN = 10;
export const APPEAL_MAX = 5000;

export class AppealError extends Error {
  override name = "AppealError";
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** The viewer's own removed videos with their appeal, if any (the console's "appeal" list). */
export async function listRemovedUploads(userId: string): Promise<RemovedVideo[]> {
  const rows = await getDb()
    .selectFrom("videos as v")
    .leftJoin("takedown_appeals as a", "a.video_id", "v.id")
    .select(["v.id", "v.title", "v.removed_at", "v.removed_reason", "a.status", "a.statement", "a.decision_note"])
    .where("v.uploaded_by", "=", userId)
    .where("v.removed_at", "is not", null)
    .orderBy("v.removed_at", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    removedAt: r.removed_at as Date,
    removedReason: r.removed_reason,
    appeal: r.status ? { status: r.status, statement: r.statement ?? "", decisionNote: r.decision_note } : null,
  }));
}

export async function listOpenAppeals(viewer: Actor): Promise<OpenAppeal[]> {
  const rows = await getDb()
    .selectFrom("takedown_appeals as a")
    .innerJoin("videos as v", "v.id", "a.video_id")
    .leftJoin("users as ap", "ap.id", "a.appellant_id")
    .leftJoin("users as rm", "rm.id", "a.removed_by")
    .select([
      "a.video_id",
      "v.title",
      "a.statement",
      "a.created_at",
      "a.appellant_id",
      "a.removed_by",
      "ap.email as appellant_email",
      "rm.email as remover_email",
      "v.removed_reason",
    ])
    .where("a.status", "=", "open")
    .orderBy("a.created_at")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    videoId: r.video_id,
    title: r.title,
    statement: r.statement,
    createdAt: r.created_at,
    appellantEmail: r.appellant_email,
    removedByEmail: r.remover_email,
    removedReason: r.removed_reason,
    mayDecide: r.removed_by !== viewer.id && r.appellant_id !== viewer.id,
  }));
}

/** The uploader's one appeal: refused for someone else's video, a video not removed, or a second time. */
export async function fileAppeal(videoId: string, statement: string, actor: Actor): Promise<void> {
  const text = statement.trim();
  if (text.length < APPEAL_MIN || text.length > APPEAL_MAX)
    throw new AppealError(`Explain the appeal in ${APPEAL_MIN} to ${APPEAL_MAX} characters.`);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const video = isVideoId(videoId)
        ? await trx.selectFrom("videos").select(["uploaded_by", "removed_at", "removed_by"]).where("id", "=", videoId).executeTakeFirst()
        : undefined;
      if (!video?.removed_at) throw new AppealError("There is no removed video with this id.", 404);
      if (video.uploaded_by !== actor.id) throw new AppealError("Only the video's uploader may appeal its removal.", 403);
      const filed = await trx
        .insertInto("takedown_appeals")
        .values({ video_id: videoId, appellant_id: actor.id, statement: text, removed_by: video.removed_by })
        .onConflict((oc) => oc.column("video_id").doNothing())
        .returning("video_id")
        .executeTakeFirst();
      if (!filed) throw new AppealError("This removal has already been appealed: an appeal can be made once.", 409);
      await recordAdminAction(trx, { actor, action: "appeal.file", target: videoId, before: null, after: { statement: text } });
    });
}

/**
 * Decides an open appeal. The admin who removed the video, and the appellant, may not: the row is checked
 * and updated in one statement, and a CHECK constraint in the table says the same.
 */
export async function decideAppeal(videoId: string, decision: "upheld" | "reversed", note: string, actor: Actor): Promise<void> {
  const text = note.trim().slice(0, 2000);
  const decided = await getDb()
    .transaction()
    .execute(async (trx) => {
      const appeal = isVideoId(videoId)
        ? await trx.selectFrom("takedown_appeals").selectAll().where("video_id", "=", videoId).forUpdate().executeTakeFirst()
        : undefined;
      if (!appeal) throw new AppealError("There is no appeal for this video.", 404);
      if (appeal.status !== "open") throw new AppealError("This appeal has already been decided.", 409);
      if (appeal.removed_by === actor.id) throw new AppealError("You removed this video: another admin must decide the appeal.", 403);
      if (appeal.appellant_id === actor.id) throw new AppealError("You filed this appeal: another admin must decide it.", 403);
      await trx
        .updateTable("takedown_appeals")
        .set({ status: decision, decided_by: actor.id, decided_at: sql`now()`, decision_note: text || null })
        .where("video_id", "=", videoId)
        .execute();
      // Reversed: the file may be published again (the removal's media are gone; the uploader uploads it anew).
      if (decision === "reversed") await trx.deleteFrom("media_fingerprints").where("video_id", "=", videoId).execute();
      await recordAdminAction(trx, {
        actor,
        action: "appeal.decide",
        target: videoId,
        before: { status: "open" },
        after: { status: decision, note: text },
      });
      const appellant = appeal.appellant_id
        ? await trx.selectFrom("users").select("email").where("id", "=", appeal.appellant_id).executeTakeFirst()
        : undefined;
      const video = await trx.selectFrom("videos").select("title").where("id", "=", videoId).executeTakeFirst();
      return { email: appellant?.email ?? null, title: video?.title ?? videoId };
    });
  if (!decided.email) return;
  await sendMail({
    to: decided.email,
    subject: `Your appeal for "${decided.title}": ${decision === "reversed" ? "accepted" : "not accepted"}`,
    text: [
      decision === "reversed"
        ? `Your appeal against the removal of "${decided.title}" was accepted. Its media were deleted when it was removed; you may upload the file again.`
        : `Your appeal against the removal of "${decided.title}" was reviewed by another admin and the removal stands.`,
      text ? `\nNote: ${text}` : "",
      "",
      `${site.name} trust and safety`,
    ].join("\n"),
  }).catch((err: unknown) => logger.error({ err, videoId }, "appeal decision e-mail failed"));
}
