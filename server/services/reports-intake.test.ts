import { describe, expect, it, vi } from "vitest";
import { insertVideo } from "../../tests/support/fixtures";
import { comment, mailsAbout, newUser, report, reportToken, unlimited, videoRow, visitor } from "../../tests/support/reports";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { listThreads } from "./comments";
import { newReference, REPORT_RATE_LIMIT, submitReport } from "./reports";

/**
 * Issue 22 item 1 on real PostgreSQL and the shared rate-limit store: taking a report in, its limits, hiding at once
 * for the two safety reasons and the admins' e-mail. The moderators' decisions: reports-queue.test.ts.
 */

vi.hoisted(() => {
  process.env.DATA_DIR = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-reports-test-"));
});

const { handle } = useTestDatabase();
const db = () => handle().db;

describe("reports (issue 22 item 1)", () => {
  it("stores a visitor's report with its reference; reasons other than the two safety ones leave the video up", async () => {
    const video = await insertVideo(db());
    const outcome = await report({ type: "video", id: video.id }, "spam", visitor(), "  the same upload three times \n");
    expect(outcome).toMatchObject({ status: "received", hidden: false });
    const reference = outcome.status === "received" ? outcome.reference : "";
    expect(reference).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const row = await db().selectFrom("reports").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      target_type: "video",
      target_id: video.id,
      video_id: video.id,
      reason: "spam",
      details: "the same upload three times",
    });
    expect(row.resolved_at).toBeNull();
    expect((await videoRow(video.id)).is_public).toBe(true);
    expect(mailsAbout(reference)).toHaveLength(0);
  });

  it.each(["minor", "non-consensual"])("a %s report hides the video at once and mails every admin once per item", async (reason) => {
    const admins = [await newUser("admin"), await newUser("admin")];
    const video = await insertVideo(db());
    const first = await report({ type: "video", id: video.id }, reason, visitor(), "details for the moderators");
    expect(first).toMatchObject({ status: "received", hidden: true });
    expect(await videoRow(video.id)).toMatchObject({ is_public: false });
    expect((await videoRow(video.id)).held_at).toBeInstanceOf(Date);
    const reference = first.status === "received" ? first.reference : "";
    const mails = mailsAbout(reference);
    for (const admin of admins) expect(mails.some((m) => m.includes(`To: ${admin.email}\n`))).toBe(true);
    expect(mails[0]).toContain("hidden from the public");
    expect(mails[0]).toContain("details for the moderators");
    expect(mails[0]).toContain("http://localhost:3000/admin/reports");
    // Hidden, it is out of everyone's reach, the report page's too.
    expect(await report({ type: "video", id: video.id }, "minor")).toEqual({ status: "not-found" });
  });

  it("a hidden comment shows as a placeholder, without its text, to everyone", async () => {
    const video = await insertVideo(db());
    const author = await newUser();
    const id = await comment(video.id, author.id, "where this person lives");
    expect(await report({ type: "comment", id }, "non-consensual")).toMatchObject({ status: "received", hidden: true });
    const thread = (await listThreads(video.id))?.threads.find((t) => t.id === id);
    expect(thread).toMatchObject({ content: null, isHeld: true, isDeleted: false });
    expect(JSON.stringify(await listThreads(video.id))).not.toContain("where this person lives");
  });

  it("the same client reporting the same item again gets its first reference; nothing new is stored or counted", async () => {
    const video = await insertVideo(db());
    const reporter = visitor();
    const consumed: string[] = [];
    const counting: RateLimiter = {
      consume: async (key) => {
        consumed.push(key);
        return { allowed: true, remaining: 9 };
      },
    };
    const first = await submitReport(
      { target: { type: "video", id: video.id }, reason: "spam", website: "", formToken: reportToken() },
      reporter,
      {
        limiter: counting,
      },
    );
    const again = await submitReport(
      { target: { type: "video", id: video.id }, reason: "other", website: "", formToken: reportToken() },
      reporter,
      {
        limiter: counting,
      },
    );
    expect(again).toEqual({ ...first, hidden: false });
    expect(consumed).toHaveLength(1);
    const rows = await db().selectFrom("reports").select("id").where("target_id", "=", video.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a missing reason, over-long details, unknown, private and deleted items; drops a bot quietly", async () => {
    const video = await insertVideo(db());
    const hidden = await insertVideo(db(), { is_public: false });
    const target = { type: "video", id: video.id } as const;
    // The ids of the texts the page words ("Choose a reason for your report." in English: server/i18n/form-texts.test.ts).
    expect(await report(target, "")).toEqual({ status: "invalid", errors: { reason: "reasonRequired" } });
    expect(await report(target, "bogus")).toEqual({ status: "invalid", errors: { reason: "reasonRequired" } });
    expect(await report(target, "spam", visitor(), "x".repeat(2001))).toEqual({ status: "invalid", errors: { details: "detailsTooLong" } });
    expect(await report({ type: "video", id: hidden.id }, "spam")).toEqual({ status: "not-found" });
    expect(await report({ type: "video", id: "00000000-0000-4000-8000-000000000000" }, "spam")).toEqual({ status: "not-found" });
    expect(await report({ type: "comment", id: "not-a-uuid" }, "spam")).toEqual({ status: "not-found" });
    const author = await newUser();
    const gone = await comment(video.id, author.id);
    await db().updateTable("comments").set({ is_deleted: true }).where("id", "=", gone).execute();
    expect(await report({ type: "comment", id: gone }, "spam")).toEqual({ status: "not-found" });
    expect(
      await submitReport({ target, reason: "minor", website: "http://spam.example", formToken: reportToken() }, visitor(), {
        limiter: unlimited,
      }),
    ).toEqual({
      status: "dropped",
    });
    expect(await db().selectFrom("reports").select("id").where("target_id", "=", video.id).execute()).toHaveLength(0);
    expect((await videoRow(video.id)).is_public).toBe(true);
  });

  it(`the shared store allows ${REPORT_RATE_LIMIT.points} reports an hour per address, then says when to try again`, async () => {
    const reporter = visitor();
    const videos = await Promise.all(Array.from({ length: REPORT_RATE_LIMIT.points + 1 }, () => insertVideo(db())));
    const outcomes = [];
    for (const v of videos)
      outcomes.push(
        await submitReport({ target: { type: "video", id: v.id }, reason: "minor", website: "", formToken: reportToken() }, reporter),
      );
    expect(outcomes.slice(0, -1).every((o) => o.status === "received")).toBe(true);
    expect(outcomes.at(-1)).toMatchObject({ status: "rate-limited", retryAfterMs: expect.any(Number) });
    // The refused one hid nothing.
    expect((await videoRow(videos.at(-1)?.id as string)).is_public).toBe(true);
  });

  it("references are short, from the unambiguous alphabet, and do not repeat", () => {
    const many = new Set(Array.from({ length: 5000 }, () => newReference()));
    expect(many.size).toBe(5000);
    for (const r of many) expect(r).not.toMatch(/[ILOU]/);
  });
});
