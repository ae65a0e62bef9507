import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { insertCategory, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { onAnyInvalidation } from "../realtime/shared-caches";
import { listAuditEntries } from "./audit-log";
import { findCategoryByName, listCategories, topCategories } from "./categories";
import {
  CategoryFieldError,
  CategoryNotFoundError,
  createCategory,
  deleteCategory,
  listCategoriesWithCounts,
  renameCategory,
} from "./category-admin";
import { CommentNotFoundError, listCommentsForModeration, moderateDeleteComment, restoreComment } from "./comment-moderation";
import { listThreads } from "./comments";
import { countUnreadContactMessages } from "./contact";
import {
  ContactMessageNotFoundError,
  deleteContactMessage,
  listContactMessages,
  openContactMessage,
  setContactMessageRead,
} from "./contact-inbox";
import { listVideos } from "./videos";

const { handle } = useTestDatabase();
const admin = { id: "admin-1", email: "admin@example.com" };
const MISSING = "00000000-0000-4000-8000-000000000000";

async function auditCount(prefix: string) {
  return (await listAuditEntries({ actionPrefix: prefix, limit: 500 })).length;
}

describe("comment moderation", () => {
  async function setup() {
    const db = handle().db;
    const userId = `mod-user-${Math.random().toString(36).slice(2, 8)}`;
    await db
      .insertInto("users")
      .values({ id: userId, email: `${userId}@example.com`, full_name: null, avatar_url: null })
      .execute();
    const video = await insertVideo(db, { title: `Moderated clip ${userId}` });
    const comment = await db
      .insertInto("comments")
      .values({ video_id: video.id, user_id: userId, parent_id: null, content: "<b>hello</b> there" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { userId, video, commentId: comment.id };
  }

  it("lists comments newest first, filtered by video id, title piece or author e-mail", async () => {
    const a = await setup();
    const b = await setup();
    const all = await listCommentsForModeration({}, 1);
    expect(all.comments.slice(0, 2).map((c) => c.id)).toEqual([b.commentId, a.commentId]);
    expect((await listCommentsForModeration({ video: a.video.id }, 1)).comments.map((c) => c.id)).toEqual([a.commentId]);
    expect((await listCommentsForModeration({ video: a.video.title.slice(-12) }, 1)).comments.map((c) => c.id)).toEqual([a.commentId]);
    const byUser = await listCommentsForModeration({ user: b.userId.toUpperCase() }, 1);
    expect(byUser).toMatchObject({
      total: 1,
      comments: [{ id: b.commentId, authorEmail: `${b.userId}@example.com`, content: "<b>hello</b> there" }],
    });
    // LIKE wildcards are literal.
    expect((await listCommentsForModeration({ user: "%" }, 1)).total).toBe(0);
  });

  it("soft delete hides the text on the public page and restore brings it back, each audited", async () => {
    const { video, commentId } = await setup();
    let invalidations = 0; // each change clears the cached pages everywhere
    const stop = onAnyInvalidation(() => invalidations++);
    await moderateDeleteComment(commentId, admin);
    expect(invalidations).toBe(1);
    const deleted = await handle()
      .db.selectFrom("comments")
      .select(["is_deleted", "deleted_at"])
      .where("id", "=", commentId)
      .executeTakeFirstOrThrow();
    expect(deleted.is_deleted).toBe(true);
    expect(deleted.deleted_at).toBeInstanceOf(Date);
    expect((await listThreads(video.id))?.threads[0]).toMatchObject({ id: commentId, isDeleted: true, content: null });
    // Deleting again keeps the first deleted_at (as soft_delete_comment does).
    await moderateDeleteComment(commentId, admin);
    const again = await handle().db.selectFrom("comments").select("deleted_at").where("id", "=", commentId).executeTakeFirstOrThrow();
    expect(again.deleted_at?.getTime()).toBe(deleted.deleted_at?.getTime());

    await restoreComment(commentId, admin);
    expect(invalidations).toBe(3);
    stop();
    expect((await listThreads(video.id))?.threads[0]).toMatchObject({
      id: commentId,
      isDeleted: false,
      content: "<b>hello</b> there",
    });
    const [restore, del] = await listAuditEntries({ actionPrefix: "comment.", limit: 2 });
    expect(restore).toMatchObject({
      action: "comment.restore",
      target: commentId,
      actorEmail: admin.email,
      after: { isDeleted: false, deletedAt: null },
    });
    expect(restore?.before).toMatchObject({ isDeleted: true });
    expect(del).toMatchObject({ action: "comment.delete", before: { isDeleted: true } });
  });

  it("an unknown comment is reported and nothing is recorded", async () => {
    const before = await auditCount("comment.");
    await expect(moderateDeleteComment(MISSING, admin)).rejects.toBeInstanceOf(CommentNotFoundError);
    await expect(restoreComment("not-a-uuid", admin)).rejects.toBeInstanceOf(CommentNotFoundError);
    expect(await auditCount("comment.")).toBe(before);
  });
});

describe("contact inbox", () => {
  async function message(subject: string, email = "sender@example.com") {
    const row = await handle()
      .db.insertInto("contact_messages")
      .values({
        name: "Sam Sender",
        email,
        subject,
        message: `Text about ${subject}`,
        ip_address: null,
        user_agent: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("new messages are unread; opening one marks it read; the unread count follows", async () => {
    const start = await countUnreadContactMessages();
    const id = await message("Opening");
    expect(await countUnreadContactMessages()).toBe(start + 1);
    const opened = await openContactMessage(id);
    expect(opened.readAt).toBeInstanceOf(Date);
    expect(await countUnreadContactMessages()).toBe(start);
    // Opening again keeps the first read time.
    expect((await openContactMessage(id)).readAt?.getTime()).toBe(opened.readAt?.getTime());
  });

  it("marking unread and read by hand is audited", async () => {
    const id = await message("Marking");
    const start = await countUnreadContactMessages();
    await setContactMessageRead(id, true, admin);
    expect(await countUnreadContactMessages()).toBe(start - 1);
    await setContactMessageRead(id, false, admin);
    expect(await countUnreadContactMessages()).toBe(start);
    const [unread, read] = await listAuditEntries({ actionPrefix: "contact.", limit: 2 });
    expect(read).toMatchObject({ action: "contact.read", target: id, before: { readAt: null } });
    expect(unread).toMatchObject({ action: "contact.unread", target: id, after: { readAt: null } });
  });

  it("lists newest first and searches name, e-mail, subject and text literally", async () => {
    const older = await message("Alpha question", "alpha@example.org");
    const newer = await message("Beta question", "beta@example.org");
    const page = await listContactMessages({ page: 1 });
    expect(page.messages.slice(0, 2).map((m) => m.id)).toEqual([newer, older]);
    expect((await listContactMessages({ search: "ALPHA@example", page: 1 })).messages.map((m) => m.id)).toEqual([older]);
    expect((await listContactMessages({ search: "about Beta", page: 1 })).messages.map((m) => m.id)).toEqual([newer]);
    expect((await listContactMessages({ search: "question", page: 1 })).total).toBeGreaterThanOrEqual(2);
    expect((await listContactMessages({ search: "_", page: 1 })).total).toBe(0);
  });

  it("delete removes the message and records contact.delete without what the sender wrote", async () => {
    const id = await message("Private subject");
    await deleteContactMessage(id, admin);
    expect(await handle().db.selectFrom("contact_messages").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    const [entry] = await listAuditEntries({ actionPrefix: "contact.", limit: 1 });
    expect(entry).toMatchObject({ action: "contact.delete", target: id, before: { read: false }, after: null });
    expect(JSON.stringify(entry)).not.toContain("Private subject");
    await expect(deleteContactMessage(id, admin)).rejects.toBeInstanceOf(ContactMessageNotFoundError);
    await expect(openContactMessage("nope")).rejects.toBeInstanceOf(ContactMessageNotFoundError);
  });
});

describe("category administration", () => {
  it("creates a category with its slug, audited, and the public lists show it at once", async () => {
    await listCategories(); // warm the cache
    await topCategories();
    const created = await createCategory("  Night   Drive ", admin);
    expect(created).toMatchObject({ name: "Night Drive", slug: "night-drive" });
    expect((await listCategories()).map((c) => c.name)).toContain("Night Drive");
    expect((await topCategories()).map((c) => c.name)).toContain("Night Drive");
    expect(await findCategoryByName("Night Drive")).toMatchObject({ id: created.id });
    const [entry] = await listAuditEntries({ actionPrefix: "category.", limit: 1 });
    expect(entry).toMatchObject({ action: "category.create", after: { id: created.id, name: "Night Drive" } });
  });

  it("refuses duplicates case-insensitively, bad names and minor-suggesting names, recording nothing", async () => {
    await createCategory("Sunset", admin);
    const before = await auditCount("category.");
    const refusal = (name: string) => createCategory(name, admin).catch((e: unknown) => e);
    const taken = await refusal("sUNSET");
    expect(taken).toBeInstanceOf(CategoryFieldError);
    expect(taken).toMatchObject({ field: "name", message: "A category with this name already exists" });
    expect(await refusal("")).toMatchObject({ field: "name", message: "Enter a name" });
    expect(await refusal("x".repeat(41))).toMatchObject({ field: "name", message: "The name must be at most 40 characters" });
    expect(await refusal("<script>")).toMatchObject({ field: "name" });
    expect(await refusal("Café")).toMatchObject({ field: "name" });
    expect(await refusal("Teen Fun")).toMatchObject({ field: "name", message: expect.stringContaining("suggests minors") });
    expect(await refusal("Schoolgirl")).toMatchObject({ field: "name" });
    expect(await auditCount("category.")).toBe(before);
  });

  it("renames (the address follows), refuses a taken name, and audits before and after", async () => {
    const a = await createCategory("Ocean", admin);
    await createCategory("Forest", admin);
    await listCategories();
    const renamed = await renameCategory(a.id, "Deep Ocean", admin);
    expect(renamed).toMatchObject({ name: "Deep Ocean", slug: "deep-ocean" });
    expect((await listCategories()).map((c) => c.name)).toContain("Deep Ocean");
    const [entry] = await listAuditEntries({ actionPrefix: "category.", limit: 1 });
    expect(entry).toMatchObject({ action: "category.rename", target: a.id, before: { name: "Ocean" }, after: { name: "Deep Ocean" } });
    await expect(renameCategory(a.id, "forest", admin)).rejects.toMatchObject({ field: "name" });
    // Changing only the case of its own name is allowed.
    expect(await renameCategory(a.id, "DEEP OCEAN", admin)).toMatchObject({ name: "DEEP OCEAN" });
    await expect(renameCategory(MISSING, "Anything", admin)).rejects.toBeInstanceOf(CategoryNotFoundError);
    await expect(renameCategory(a.id, "Underage", admin)).rejects.toMatchObject({ field: "name" });
  });

  it("deletes an empty category; refuses one with videos unless they move, then moves and deletes in one go", async () => {
    const db = handle().db;
    const empty = await createCategory("Empty One", admin);
    await deleteCategory(empty.id, null, admin);
    expect(await db.selectFrom("categories").select("id").where("id", "=", empty.id).executeTakeFirst()).toBeUndefined();

    const from = await insertCategory(db, "Mountains");
    const to = await insertCategory(db, "Valleys");
    const v1 = await insertVideo(db, { category_id: from.id });
    const v2 = await insertVideo(db, { category_id: from.id, is_public: false });
    expect(await listCategoriesWithCounts()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: from.id, videoCount: 2, publicCount: 1 })]),
    );
    expect((await listVideos({ categoryId: to.id, page: 1 })).total).toBe(0); // warm the count cache

    const before = await auditCount("category.");
    await expect(deleteCategory(from.id, null, admin)).rejects.toMatchObject({
      field: "moveTo",
      message: expect.stringContaining("2 videos"),
    });
    await expect(deleteCategory(from.id, from.id, admin)).rejects.toMatchObject({ field: "moveTo" });
    await expect(deleteCategory(from.id, MISSING, admin)).rejects.toMatchObject({ field: "moveTo" });
    expect(await auditCount("category.")).toBe(before);
    expect(await db.selectFrom("videos").select("id").where("category_id", "=", from.id).execute()).toHaveLength(2);

    expect(await deleteCategory(from.id, to.id, admin)).toEqual({ moved: 2 });
    const moved = await db.selectFrom("videos").select(["id", "category_id"]).where("id", "in", [v1.id, v2.id]).execute();
    expect(moved.every((v) => v.category_id === to.id)).toBe(true);
    expect((await listVideos({ categoryId: to.id, page: 1 })).total).toBe(1); // the count cache was dropped
    const [entry] = await listAuditEntries({ actionPrefix: "category.", limit: 1 });
    expect(entry).toMatchObject({
      action: "category.delete",
      target: from.id,
      before: { name: "Mountains", videos: 2 },
      after: { movedTo: { id: to.id, name: "Valleys" }, moved: 2 },
    });
  });

  it("a move that fails part-way leaves every video where it was", async () => {
    const db = handle().db;
    const from = await insertCategory(db, "Rivers");
    const to = await insertCategory(db, "Lakes");
    const video = await insertVideo(db, { category_id: from.id });
    // The final delete fails after the move ran inside the transaction: a trigger refuses it.
    await sql`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(db);
    await sql`CREATE TRIGGER refuse_delete BEFORE DELETE ON categories FOR EACH ROW EXECUTE FUNCTION refuse_delete()`.execute(db);
    const before = await auditCount("category.");
    try {
      await expect(deleteCategory(from.id, to.id, admin)).rejects.toThrow("refused");
    } finally {
      await sql`DROP TRIGGER refuse_delete ON categories`.execute(db);
      await sql`DROP FUNCTION refuse_delete()`.execute(db);
    }
    const row = await db.selectFrom("videos").select("category_id").where("id", "=", video.id).executeTakeFirstOrThrow();
    expect(row.category_id).toBe(from.id);
    expect(await auditCount("category.")).toBe(before);
  });
});
