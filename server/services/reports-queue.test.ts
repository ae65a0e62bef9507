import { describe, expect, it, vi } from "vitest";
import { paths } from "../../core/paths";
import { insertVideo } from "../../tests/support/fixtures";
import { comment, mailsAbout, newUser, report, unlimited, videoRow, visitor } from "../../tests/support/reports";
import { useTestDatabase } from "../../tests/support/test-db";
import type { Actor } from "./audit-log";
import { addComment } from "./comments";
import { setLike } from "./likes";
import { decideReportedItem, ModerationRefusedError, QueueItemNotFoundError } from "./moderation-decisions";
import { listReportQueue, openReportStats } from "./moderation-queue";
import { createPlaylist } from "./playlist-edits";
import { getPlaylistPage } from "./playlist-page";
import { liftBan } from "./standing";

/**
 * Issue 22 item 2 and issue 32 item 1 on real PostgreSQL: the moderation queue and every decision on a reported
 * video, comment or playlist, with its audit entry. Taking reports in: reports-intake.test.ts.
 */

vi.hoisted(() => {
  process.env.DATA_DIR = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-reports-test-"));
});

const { handle } = useTestDatabase();
const db = () => handle().db;

describe("the moderation queue (issue 22 item 2)", () => {
  const asActor = (u: { id: string; email: string }): Actor => ({ id: u.id, email: u.email });

  it("groups open reports by item, the one reported first first, with counts per reason", async () => {
    const older = await insertVideo(db());
    const newer = await insertVideo(db());
    await report({ type: "video", id: older.id }, "spam");
    await report({ type: "video", id: newer.id }, "copyright");
    await report({ type: "video", id: older.id }, "spam");
    await report({ type: "video", id: older.id }, "other");
    const { items } = await listReportQueue(1);
    const mine = items.filter((i) => i.target.id === older.id || i.target.id === newer.id);
    expect(mine.map((i) => i.target.id)).toEqual([older.id, newer.id]);
    expect(mine[0]).toMatchObject({
      total: 3,
      held: false,
      videoPublic: true,
      reasons: [
        { reason: "spam", count: 2 },
        { reason: "other", count: 1 },
      ],
    });
    expect(mine[0]?.reports).toHaveLength(3);
    const stats = await openReportStats();
    expect(stats.open).toBeGreaterThanOrEqual(4);
    expect(stats.oldestAt).toBeInstanceOf(Date);
  });

  it("restore shows a held video again, closes its reports, is audited with the reason; later reports only queue it", async () => {
    const admin = await newUser("admin");
    const video = await insertVideo(db());
    await report({ type: "video", id: video.id }, "minor");
    await decideReportedItem(
      { type: "video", id: video.id },
      "restore",
      "Synthetic adult performer, checked the attestation.",
      asActor(admin),
    );
    expect(await videoRow(video.id)).toMatchObject({ is_public: true, held_at: null });
    const closed = await db().selectFrom("reports").select(["resolution", "resolved_by"]).where("target_id", "=", video.id).execute();
    expect(closed).toEqual([{ resolution: "restored", resolved_by: admin.id }]);
    const audit = await db().selectFrom("admin_audit_log").selectAll().where("target", "=", `video:${video.id}`).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: "report.restore", actor_email: admin.email });
    expect(audit.after).toMatchObject({ resolution: "restored", note: "Synthetic adult performer, checked the attestation." });
    // Reported again for the same reason: it stays up and waits for a moderator; the admins hear of the
    // first such report, not of every one after it.
    const again = await report({ type: "video", id: video.id }, "minor");
    expect(again).toMatchObject({ status: "received", hidden: false });
    expect((await videoRow(video.id)).is_public).toBe(true);
    expect(mailsAbout(again.status === "received" ? again.reference : "x")[0]).toContain("stays visible until you decide");
    const third = await report({ type: "video", id: video.id }, "non-consensual");
    expect(third.status).toBe("received");
    expect(mailsAbout(third.status === "received" ? third.reference : "x")).toHaveLength(0);
    // Deciding twice: the second moderator learns the item was already decided.
    await decideReportedItem({ type: "video", id: video.id }, "dismiss", "Reviewed again.", asActor(admin));
    await expect(decideReportedItem({ type: "video", id: video.id }, "dismiss", "Late.", asActor(admin))).rejects.toBeInstanceOf(
      QueueItemNotFoundError,
    );
  });

  it("dismissing never makes public a video an admin had made private", async () => {
    const admin = await newUser("admin");
    const video = await insertVideo(db());
    await report({ type: "video", id: video.id }, "spam");
    await db().updateTable("videos").set({ is_public: false }).where("id", "=", video.id).execute();
    await decideReportedItem({ type: "video", id: video.id }, "dismiss", "Not spam.", asActor(admin));
    expect((await videoRow(video.id)).is_public).toBe(false);
  });

  it("remove takes a comment down; ban also bars its author from commenting and liking, with the reason, until lifted", async () => {
    const admin = await newUser("admin");
    const author = await newUser();
    const video = await insertVideo(db());
    const first = await comment(video.id, author.id, "spam one");
    const second = await comment(video.id, author.id, "doxxing");
    await report({ type: "comment", id: first }, "spam");
    await report({ type: "comment", id: second }, "non-consensual");
    await decideReportedItem({ type: "comment", id: first }, "remove", "Spam.", asActor(admin));
    expect(await db().selectFrom("comments").select("is_deleted").where("id", "=", first).executeTakeFirstOrThrow()).toEqual({
      is_deleted: true,
    });
    await decideReportedItem({ type: "comment", id: second }, "ban", "Posted someone's home address.", asActor(admin));
    const row = await db().selectFrom("comments").select(["is_deleted", "held_at"]).where("id", "=", second).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_deleted: true, held_at: null });
    const banned = { status: "banned", reason: "Posted someone's home address." };
    expect(await addComment({ videoId: video.id, userId: author.id, parentId: null, content: "again" }, { limiter: unlimited })).toEqual(
      banned,
    );
    expect(await setLike(author.id, video.id, true)).toEqual(banned);
    const actions = await db().selectFrom("admin_audit_log").select("action").where("actor_id", "=", admin.id).orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["report.remove", "user.ban", "report.ban"]);
    await liftBan(author.id, asActor(admin));
    expect(
      (await addComment({ videoId: video.id, userId: author.id, parentId: null, content: "welcome back" }, { limiter: unlimited })).status,
    ).toBe("added");
    expect((await setLike(author.id, video.id, true)).status).toBe("ok");
  });

  it("remove takes a reported video down through removeVideo: unpublished for good, reports closed, audited", async () => {
    const admin = await newUser("admin");
    const video = await insertVideo(db());
    await report({ type: "video", id: video.id }, "copyright");
    await report({ type: "video", id: video.id }, "illegal");
    await expect(decideReportedItem({ type: "video", id: video.id }, "ban", "Nobody to ban.", asActor(admin))).rejects.toBeInstanceOf(
      ModerationRefusedError,
    );
    await decideReportedItem({ type: "video", id: video.id }, "remove", "Copyright holder's claim checked.", asActor(admin));
    const row = await db()
      .selectFrom("videos")
      .select(["is_public", "removed_at", "removed_reason"])
      .where("id", "=", video.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_public: false, removed_reason: "Copyright holder's claim checked." });
    expect(row.removed_at).toBeInstanceOf(Date);
    const reports = await db().selectFrom("reports").select("resolution").where("target_id", "=", video.id).execute();
    expect(reports.map((r) => r.resolution)).toEqual(["removed", "removed"]);
    const actions = await db().selectFrom("admin_audit_log").select("action").where("actor_id", "=", admin.id).orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["video.remove", "report.remove"]);
    // Nothing is left to decide, and a removed video cannot be reported or kept into view again.
    await expect(decideReportedItem({ type: "video", id: video.id }, "restore", "Oops.", asActor(admin))).rejects.toBeInstanceOf(
      QueueItemNotFoundError,
    );
    expect(await report({ type: "video", id: video.id }, "spam")).toEqual({ status: "not-found" });
  });

  it("an admin cannot be banned, and the refusal changes nothing", async () => {
    const admin = await newUser("admin");
    const otherAdmin = await newUser("admin");
    const video = await insertVideo(db());
    const id = await comment(video.id, otherAdmin.id);
    await report({ type: "comment", id }, "spam");
    await expect(decideReportedItem({ type: "comment", id }, "ban", "Testing.", asActor(admin))).rejects.toBeInstanceOf(
      ModerationRefusedError,
    );
    expect(await db().selectFrom("comments").select("is_deleted").where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      is_deleted: false,
    });
    expect(await db().selectFrom("reports").select("resolved_at").where("target_id", "=", id).executeTakeFirstOrThrow()).toEqual({
      resolved_at: null,
    });
  });
});

describe("playlists under the same rules (issue 32 item 1)", () => {
  const asActor = (u: { id: string; email: string }): Actor => ({ id: u.id, email: u.email });

  async function publicPlaylist(ownerId: string, title = "Evening picks", isPublic = true): Promise<string> {
    const made = await createPlaylist(ownerId, { title, description: "Calm ones", isPublic });
    if (made.status !== "created") throw new Error(made.status);
    return made.id;
  }

  it("a public playlist is reported like a video: a hiding reason holds it from everyone but its owner, admins mailed", async () => {
    const admin = await newUser("admin");
    const owner = await newUser();
    const list = await publicPlaylist(owner.id);
    const outcome = await report({ type: "playlist", id: list }, "minor", visitor(), "the title is the problem");
    expect(outcome).toMatchObject({ status: "received", hidden: true, itemPath: paths.playlist(list) });
    expect(await getPlaylistPage(null, list, 1)).toBeNull();
    expect(await getPlaylistPage(owner.id, list, 1)).toMatchObject({ mine: true, playlist: { held: true } });
    const reference = outcome.status === "received" ? outcome.reference : "";
    const mail = mailsAbout(reference).find((m) => m.includes(`To: ${admin.email}`));
    expect(mail).toContain('the playlist "Evening picks"');
    expect(mail).toContain("Description: Calm ones");
    // Held, it cannot be reported again (it is out of the public's reach).
    expect(await report({ type: "playlist", id: list }, "spam")).toEqual({ status: "not-found" });

    const { items } = await listReportQueue(1);
    expect(items.find((i) => i.target.id === list)).toMatchObject({
      held: true,
      playlist: { title: "Evening picks", authorId: owner.id, authorEmail: owner.email, authorBanned: false },
    });
    await decideReportedItem({ type: "playlist", id: list }, "restore", "The title is fine.", asActor(admin));
    expect(await getPlaylistPage(null, list, 1)).toMatchObject({ mine: false });
    // Kept: a later report queues it without hiding it.
    expect(await report({ type: "playlist", id: list }, "minor")).toMatchObject({ hidden: false });
  });

  it("private playlists, and public ones of a banned owner, are not reportable; remove deletes, ban also bars the owner", async () => {
    const admin = await newUser("admin");
    const owner = await newUser();
    const hidden = await publicPlaylist(owner.id, "Mine only", false);
    expect(await report({ type: "playlist", id: hidden }, "spam")).toEqual({ status: "not-found" });

    const removed = await publicPlaylist(owner.id, "Spam list");
    await report({ type: "playlist", id: removed }, "spam");
    await decideReportedItem({ type: "playlist", id: removed }, "remove", "Advertising.", asActor(admin));
    expect(await db().selectFrom("playlists").select("id").where("id", "=", removed).executeTakeFirst()).toBeUndefined();

    const banned = await publicPlaylist(owner.id, "Another spam list");
    const other = await publicPlaylist(owner.id, "Harmless");
    await report({ type: "playlist", id: banned }, "spam");
    await decideReportedItem({ type: "playlist", id: banned }, "ban", "Repeated advertising.", asActor(admin));
    expect(await db().selectFrom("playlists").select("id").where("id", "=", banned).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom("users").select("ban_reason").where("id", "=", owner.id).executeTakeFirstOrThrow()).toEqual({
      ban_reason: "Repeated advertising.",
    });
    // While the ban lasts their other public lists are out of the public's reach, and of reports.
    expect(await getPlaylistPage(null, other, 1)).toBeNull();
    expect(await report({ type: "playlist", id: other }, "spam")).toEqual({ status: "not-found" });
    await liftBan(owner.id, asActor(admin));
    expect(await getPlaylistPage(null, other, 1)).toMatchObject({ playlist: { title: "Harmless" } });
    const audit = await db().selectFrom("admin_audit_log").select(["action", "after"]).where("target", "=", `playlist:${banned}`).execute();
    expect(audit).toEqual([{ action: "report.ban", after: expect.objectContaining({ resolution: "banned", title: "Another spam list" }) }]);
  });
});
