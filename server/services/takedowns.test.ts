import path from "node:path";
import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { takedownClock } from "../../core/takedown-schema";
import { insertUser, insertVideo } from "../../tests/support/fixtures";
import { mailsTo as mailsIn } from "../../tests/support/outbox";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { outboxDir } from "../mail";
import { localMediaStorage } from "../media/storage";
import { AppealError, decideAppeal, fileAppeal, listOpenAppeals } from "./appeals";
import { issueFormToken } from "./form-token";
import {
  CONFIRMATION_MAIL_LIMIT,
  listTakedowns,
  notifyOverdueTakedowns,
  resolveTakedown,
  submitTakedown,
  TAKEDOWN_FORM_PURPOSE,
  type TakedownSubmission,
  takedownSummary,
} from "./takedowns";
import { getPublicVideo } from "./videos";

// The outbox and the media live in this file's own DATA_DIR, set before any import reads the environment.
const tmp = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "takedowns-test-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET = "takedown-service-test-secret-0123456789";
  return dir as string;
});

const { handle } = useTestDatabase();
const storage = localMediaStorage(path.join(tmp, "media"));
const NOW = Date.now();
const meta = { ip: "198.51.100.7", userAgent: "TakedownSpec" };
const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };
const remover = { id: "td-remover", email: "remover@example.com" };
const uploader = { id: "td-uploader", email: "uploader@example.com" };
const third = { id: "td-third", email: "third@example.com" };
let n = 0;

function submission(patch: Partial<TakedownSubmission["values"]> = {}, website = ""): TakedownSubmission {
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
    formToken: issueFormToken(NOW - 10_000, TAKEDOWN_FORM_PURPOSE),
  };
}

const mailsTo = (to: string) => mailsIn(outboxDir(), to);

describe("takedown requests on PostgreSQL", () => {
  beforeAll(async () => {
    for (const u of [remover, uploader, third]) await insertUser(handle().db, { ...u, role: "admin" });
  });

  it("stores a valid request with a TD reference and a 48-hour due time, links the video, and mails a confirmation", async () => {
    const video = await insertVideo(handle().db, { title: "Lookalike" });
    const sub = submission({ urls: `https://elsewhere.example/x\nhttps://pleazure.example/video/${video.id}` });
    const outcome = await submitTakedown(sub, meta, { now: NOW, limiter: unlimited });
    expect(outcome).toMatchObject({ status: "sent", reference: expect.stringMatching(/^TD-[2-9A-HJ-KM-NP-Z]{4}-[2-9A-HJ-KM-NP-Z]{4}$/) });
    const reference = (outcome as { reference: string }).reference;
    const row = await handle().db.selectFrom("takedown_requests").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Rosa Example", status: "open", video_id: video.id, ip_address: meta.ip });
    expect(row.due_at.getTime() - row.created_at.getTime()).toBe(48 * 3_600_000);
    const [mail] = mailsTo(sub.values.email);
    expect(mail).toContain(`Subject: Takedown request received: ${reference}`);
    // The site's own words only (issue 32 item 4): neither the name typed nor the addresses given come back.
    expect(mail).not.toContain("Rosa Example");
    expect(mail).not.toContain("elsewhere.example");
    expect(mail).toContain("Addresses named: 2");
  });

  it("sends one address at most three confirmations a day; the requests are all stored (issue 32 item 4)", async () => {
    const email = `flooded-${Date.now()}@example.com`;
    const references: string[] = [];
    for (let i = 0; i < 5; i++) {
      const outcome = await submitTakedown(submission({ email }), meta, { now: NOW, limiter: unlimited });
      references.push((outcome as { reference: string }).reference);
    }
    expect(mailsTo(email)).toHaveLength(CONFIRMATION_MAIL_LIMIT.points);
    const stored = await handle().db.selectFrom("takedown_requests").select("reference").where("email", "=", email).execute();
    expect(stored.map((r) => r.reference).sort()).toEqual(references.sort());
  });

  it("refuses invalid fields with their messages; drops bots with a reference that names nothing; rate-limits", async () => {
    const bad = await submitTakedown(submission({ urls: "javascript:alert(1)", goodFaith: "", signature: "" }), meta, {
      now: NOW,
      limiter: unlimited,
    });
    expect(bad).toEqual({
      status: "invalid",
      errors: {
        urls: "Enter full addresses starting with https://, one per line",
        goodFaith: "Confirm the good-faith statement",
        signature: "Type your full name as your signature",
      },
    });
    const bot = submission({}, "http://spam.example");
    expect(await submitTakedown(bot, meta, { now: NOW, limiter: unlimited })).toMatchObject({ status: "dropped", reason: "honeypot" });
    expect(mailsTo(bot.values.email)).toEqual([]);
    const limited: RateLimiter = { consume: async () => ({ allowed: false, retryAfterMs: 90_000 }) };
    expect(await submitTakedown(submission(), meta, { now: NOW, limiter: limited })).toEqual({
      status: "rate-limited",
      retryAfterMs: 90_000,
    });
  });

  it("lists open requests by due time with the database clock; overdue ones are e-mailed to every admin once", async () => {
    const sub = submission();
    const { reference } = (await submitTakedown(sub, meta, { now: NOW, limiter: unlimited })) as { reference: string };
    await sql`UPDATE takedown_requests SET created_at = created_at - interval '50 hours', due_at = due_at - interval '50 hours'
      WHERE reference = ${reference}`.execute(handle().db);
    const { open, now } = await listTakedowns();
    expect(open[0]?.reference).toBe(reference); // the most overdue first
    expect(takedownClock(open[0]?.dueAt as Date, now)).toMatchObject({ overdue: true, text: expect.stringMatching(/^Overdue by 2 h/) });
    expect(await takedownSummary()).toMatchObject({ overdue: 1 });

    const [first, second] = await Promise.all([notifyOverdueTakedowns(), notifyOverdueTakedowns()]);
    expect([...first, ...second]).toEqual([reference]);
    expect(await notifyOverdueTakedowns()).toEqual([]);
    for (const admin of [remover, uploader, third]) {
      const overdue = mailsTo(admin.email).filter((m) => m.includes("Overdue takedown requests"));
      expect(overdue).toHaveLength(1);
      expect(overdue[0]).toContain(reference);
    }
  });

  it("resolving as removed takes the video down and tells the requester; a second resolution is refused", async () => {
    const video = await insertVideo(handle().db, { title: "To go" });
    await handle().db.updateTable("videos").set({ uploaded_by: uploader.id }).where("id", "=", video.id).execute();
    const sub = submission({ urls: `https://pleazure.example/video/${video.id}` });
    const { reference } = (await submitTakedown(sub, meta, { now: NOW, limiter: unlimited })) as { reference: string };
    const request = (await listTakedowns()).open.find((r) => r.reference === reference);
    const entry = await resolveTakedown(request?.id as string, { decision: "removed", note: "Confirmed likeness." }, remover, { storage });
    expect(entry).toMatchObject({ status: "removed", resolvedBy: remover.email, videoRemoved: true });
    expect(await getPublicVideo(video.id)).toBeUndefined();
    expect(mailsTo(sub.values.email).at(-1)).toContain(`Subject: Takedown request ${reference}: material removed`);
    await expect(resolveTakedown(request?.id as string, { decision: "rejected", note: "x" }, third)).rejects.toThrow(/already resolved/);

    // The uploader appeals once; the remover and the appellant may not decide; a third admin may.
    await fileAppeal(video.id, "This is a synthetic character, not the requester.", uploader);
    await expect(fileAppeal(video.id, "Trying a second time, please.", uploader)).rejects.toThrow(/once/);
    expect((await listOpenAppeals(remover))[0]).toMatchObject({ videoId: video.id, mayDecide: false });
    await expect(decideAppeal(video.id, "reversed", "", remover)).rejects.toBeInstanceOf(AppealError);
    await expect(decideAppeal(video.id, "reversed", "", uploader)).rejects.toBeInstanceOf(AppealError);
    await decideAppeal(video.id, "upheld", "The likeness is clear.", third);
    expect(mailsTo(uploader.email).at(-1)).toContain("the removal stands");
    await expect(decideAppeal(video.id, "reversed", "", third)).rejects.toThrow(/already been decided/);
  });

  it("only the uploader may appeal, and only a removed video", async () => {
    const video = await insertVideo(handle().db, { title: "Still up" });
    await expect(fileAppeal(video.id, "Nothing happened to it yet.", uploader)).rejects.toThrow(/no removed video/);
  });
});
