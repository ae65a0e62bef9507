import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TAKEDOWN_HOURS } from "../../core/takedown-clock";
import { insertVideo } from "../../tests/support/fixtures";
import { mailsTo as mailsIn } from "../../tests/support/outbox";
import { insertTakedownAdmins, TAKEDOWN_META, takedownSubmission, UNLIMITED } from "../../tests/support/takedown-requests";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { outboxDir } from "../mail";
import { CONFIRMATION_MAIL_LIMIT, submitTakedown, type TakedownSubmission } from "./takedown-intake";

// The outbox and the media live in this file's own DATA_DIR, set before any import reads the environment.
vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "takedown-intake-test-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET = "takedown-service-test-secret-0123456789";
});

const { handle } = useTestDatabase();
const NOW = Date.now();
const meta = TAKEDOWN_META;
const submission = (patch: Partial<TakedownSubmission["values"]> = {}, website = "") => takedownSubmission(NOW, patch, website);
const mailsTo = (to: string) => mailsIn(outboxDir(), to);

describe("takedown requests coming in, on PostgreSQL", () => {
  beforeAll(async () => {
    await insertTakedownAdmins(handle().db);
  });

  it("stores a valid request with a TD reference and a 48-hour due time, links the video, and mails a confirmation", async () => {
    const video = await insertVideo(handle().db, { title: "Lookalike" });
    const sub = submission({ urls: `https://elsewhere.example/x\nhttps://pleazure.example/video/${video.id}` });
    const outcome = await submitTakedown(sub, meta, { now: NOW, limiter: UNLIMITED });
    expect(outcome).toMatchObject({ status: "sent", reference: expect.stringMatching(/^TD-[2-9A-HJ-KM-NP-Z]{4}-[2-9A-HJ-KM-NP-Z]{4}$/) });
    const reference = (outcome as { reference: string }).reference;
    const row = await handle().db.selectFrom("takedown_requests").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Rosa Example", status: "open", video_id: video.id, ip_address: meta.ip });
    expect(row.due_at.getTime() - row.created_at.getTime()).toBe(TAKEDOWN_HOURS * 3_600_000);
    const [mail] = mailsTo(sub.values.email);
    expect(mail).toContain(`Subject: Takedown request received: ${reference}`);
    // The site's own words only (issue 32 item 4): neither the name typed nor the addresses given come back.
    expect(mail).not.toContain("Rosa Example");
    expect(mail).not.toContain("elsewhere.example");
    expect(mail).toContain("Addresses named: 2");
  });

  it("mails the confirmation in the language of the page the request was sent from", async () => {
    const sub = { ...submission(), locale: "de" as const };
    const { reference } = (await submitTakedown(sub, meta, { now: NOW, limiter: UNLIMITED })) as { reference: string };
    const [mail] = mailsTo(sub.values.email);
    expect(mail).toContain(`Seine Referenz lautet ${reference}.`);
    expect(mail).toContain("innerhalb von 48 Stunden");
    // Kept with the request, for the outcome mail sent from the console days later (migration 0029).
    const row = await handle()
      .db.selectFrom("takedown_requests")
      .select("locale")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe("de");
  });

  it("has no column default for the due time: the code's TAKEDOWN_HOURS is its one home (migration 0028)", async () => {
    const { rows } = await sql<{ column_default: string | null }>`SELECT column_default FROM information_schema.columns
      WHERE table_name = 'takedown_requests' AND column_name = 'due_at'`.execute(handle().db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.column_default).toBeNull();
  });
  it("sends one address at most three confirmations a day; the requests are all stored (issue 32 item 4)", async () => {
    const email = `flooded-${Date.now()}@example.com`;
    const references: string[] = [];
    for (let i = 0; i < 5; i++) {
      const outcome = await submitTakedown(submission({ email }), meta, { now: NOW, limiter: UNLIMITED });
      references.push((outcome as { reference: string }).reference);
    }
    expect(mailsTo(email)).toHaveLength(CONFIRMATION_MAIL_LIMIT.points);
    const stored = await handle().db.selectFrom("takedown_requests").select("reference").where("email", "=", email).execute();
    expect(stored.map((r) => r.reference).sort()).toEqual(references.sort());
  });

  it("refuses invalid fields with their messages; drops bots with a reference that names nothing; rate-limits", async () => {
    const bad = await submitTakedown(submission({ urls: "javascript:alert(1)", goodFaith: "", signature: "" }), meta, {
      now: NOW,
      limiter: UNLIMITED,
    });
    expect(bad).toEqual({
      status: "invalid",
      // The ids of the texts the page words (in English: server/i18n/form-texts.test.ts).
      errors: { urls: "urlsInvalid", goodFaith: "goodFaithRequired", signature: "signatureRequired" },
    });
    const bot = submission({}, "http://spam.example");
    expect(await submitTakedown(bot, meta, { now: NOW, limiter: UNLIMITED })).toMatchObject({ status: "dropped", reason: "honeypot" });
    expect(mailsTo(bot.values.email)).toEqual([]);
    const limited: RateLimiter = { consume: async () => ({ allowed: false, retryAfterMs: 90_000 }) };
    expect(await submitTakedown(submission(), meta, { now: NOW, limiter: limited })).toEqual({
      status: "rate-limited",
      retryAfterMs: 90_000,
    });
  });
});
