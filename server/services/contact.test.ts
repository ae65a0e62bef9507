import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { type ContactSubmission, listContactMessagesByEmail, MAX_MESSAGES_BY_EMAIL, submitContactForm } from "./contact";
import { FORM_MIN_FILL_MS, FORM_TOKEN_MAX_AGE_MS, issueFormToken } from "./form-token";

const { handle } = useTestDatabase();

beforeAll(() => {
  process.env.APP_SECRET = "contact-service-test-secret-0123456789";
});

const NOW = Date.UTC(2026, 5, 1, 10);
let counter = 0;

/** A human submission: a unique sender, the form shown 10 s before NOW. */
function submission(patch: Partial<ContactSubmission["values"]> & { website?: string; formToken?: string } = {}): ContactSubmission {
  counter += 1;
  const { website = "", formToken = issueFormToken(NOW - 10_000), ...values } = patch;
  return {
    values: {
      name: "  Ada Lovelace ",
      email: `ada${counter}@example.com`,
      subject: " Hello there ",
      message: "  I would like to know more.  ",
      ...values,
    },
    website,
    formToken,
  };
}

const meta = { ip: "198.51.100.4", userAgent: "Mozilla/5.0 (Test) ContactSpec" };
const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };

async function countRows(): Promise<number> {
  const row = await handle()
    .db.selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("contact service on PostgreSQL", () => {
  it("stores a valid message, trimmed, with the client IP and user agent", async () => {
    const sub = submission();
    const outcome = await submitContactForm(sub, meta, { now: NOW, limiter: unlimited });
    expect(outcome.status).toBe("sent");
    const rows = await listContactMessagesByEmail(sub.values.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      email: sub.values.email,
      subject: "Hello there",
      message: "I would like to know more.",
      ip_address: "198.51.100.4",
      user_agent: "Mozilla/5.0 (Test) ContactSpec",
    });
    expect(outcome.status === "sent" && outcome.id).toBe(rows[0]!.id);
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
  });

  it("stores a message without IP or user agent when the request has none, and caps a huge user agent", async () => {
    const a = submission();
    await submitContactForm(a, { ip: null, userAgent: null }, { now: NOW, limiter: unlimited });
    expect(await listContactMessagesByEmail(a.values.email)).toMatchObject([{ ip_address: null, user_agent: null }]);
    const b = submission();
    await submitContactForm(b, { ip: "::1", userAgent: "U".repeat(5000) }, { now: NOW, limiter: unlimited });
    const [row] = await listContactMessagesByEmail(b.values.email);
    expect(row?.user_agent).toHaveLength(1000);
  });

  it("the same form sent twice is stored once: the second gets token-used (issue 32 item 4)", async () => {
    const sub = submission();
    expect((await submitContactForm(sub, meta, { now: NOW, limiter: unlimited })).status).toBe("sent");
    expect(await submitContactForm(sub, meta, { now: NOW, limiter: unlimited })).toEqual({ status: "token-used" });
    expect(await listContactMessagesByEmail(sub.values.email)).toHaveLength(1);
  });

  it("accepts the exact boundaries the database CHECK constraints allow", async () => {
    const sub = submission({ name: "Al", subject: "Hey", message: "😀".repeat(1000) });
    expect((await submitContactForm(sub, meta, { now: NOW, limiter: unlimited })).status).toBe("sent");
    const sub2 = submission({ name: "n".repeat(200), subject: "s".repeat(300), message: "1234567890" });
    expect((await submitContactForm(sub2, meta, { now: NOW, limiter: unlimited })).status).toBe("sent");
  });

  it("returns field errors and stores nothing for an invalid form (checked before the anti-bot rules)", async () => {
    const before = await countRows();
    const outcome = await submitContactForm(submission({ name: "A", message: "short", website: "spam" }), meta, {
      now: NOW,
      limiter: unlimited,
    });
    expect(outcome).toEqual({
      status: "invalid",
      // The ids of the texts the page words ("Name must be at least 2 characters" in English: server/i18n/form-texts.test.ts).
      errors: { name: "nameTooShort", message: "messageTooShort" },
    });
    expect(await countRows()).toBe(before);
  });

  it("drops a filled honeypot silently: reported as dropped, nothing stored, no rate-limit use", async () => {
    const before = await countRows();
    let consumed = 0;
    const counting: RateLimiter = { consume: async () => ({ allowed: true, remaining: 5 - ++consumed }) };
    const sub = submission({ website: "https://spam.example" });
    expect(await submitContactForm(sub, meta, { now: NOW, limiter: counting })).toEqual({ status: "dropped", reason: "honeypot" });
    expect(await countRows()).toBe(before);
    expect(await listContactMessagesByEmail(sub.values.email)).toEqual([]);
    expect(consumed).toBe(0);
  });

  it("drops a submission made less than 3 seconds after the form was shown", async () => {
    const before = await countRows();
    const sub = submission({ formToken: issueFormToken(NOW - FORM_MIN_FILL_MS + 1) });
    expect(await submitContactForm(sub, meta, { now: NOW, limiter: unlimited })).toEqual({ status: "dropped", reason: "too-fast" });
    expect(await countRows()).toBe(before);
    // Exactly 3 seconds is a person.
    const ok = submission({ formToken: issueFormToken(NOW - FORM_MIN_FILL_MS) });
    expect((await submitContactForm(ok, meta, { now: NOW, limiter: unlimited })).status).toBe("sent");
  });

  it("refuses missing, forged and expired tokens without storing", async () => {
    const before = await countRows();
    expect(await submitContactForm(submission({ formToken: "" }), meta, { now: NOW, limiter: unlimited })).toEqual({
      status: "token-invalid",
    });
    const forged = `contact:${NOW - 60_000}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect(await submitContactForm(submission({ formToken: forged }), meta, { now: NOW, limiter: unlimited })).toEqual({
      status: "token-invalid",
    });
    const old = issueFormToken(NOW - FORM_TOKEN_MAX_AGE_MS - 1);
    expect(await submitContactForm(submission({ formToken: old }), meta, { now: NOW, limiter: unlimited })).toEqual({
      status: "token-expired",
    });
    expect(await countRows()).toBe(before);
  });

  it("rate-limits per IP with the shared PostgreSQL limiter: the 6th message in 10 minutes is refused", async () => {
    const ip = { ip: "203.0.113.99", userAgent: "UA" };
    const before = await countRows();
    for (let i = 0; i < 5; i++) expect((await submitContactForm(submission(), ip, { now: NOW })).status).toBe("sent");
    const sixth = submission();
    const refused = await submitContactForm(sixth, ip, { now: NOW });
    expect(refused.status).toBe("rate-limited");
    expect(refused.status === "rate-limited" && refused.retryAfterMs).toBeGreaterThan(9 * 60_000);
    expect(await listContactMessagesByEmail(sixth.values.email)).toEqual([]);
    expect(await countRows()).toBe(before + 5);
    // Another address has its own allowance.
    expect((await submitContactForm(submission(), { ip: "203.0.113.100", userAgent: "UA" }, { now: NOW })).status).toBe("sent");
  });

  it("propagates a store failure and stores nothing", async () => {
    const sub = submission();
    const diskFull = new Error("disk full");
    const store = async () => {
      throw diskFull;
    };
    await expect(submitContactForm(sub, meta, { now: NOW, limiter: unlimited, store })).rejects.toBe(diskFull);
    expect(await listContactMessagesByEmail(sub.values.email)).toEqual([]);
  });

  it("lists at most MAX_MESSAGES_BY_EMAIL messages of one sender, the oldest", async () => {
    const email = "prolific@example.com";
    const base = Date.UTC(2026, 0, 1);
    await handle()
      .db.insertInto("contact_messages")
      .values(
        Array.from({ length: MAX_MESSAGES_BY_EMAIL + 7 }, (_, i) => ({
          name: "Nora Prolific",
          email,
          subject: `subject ${i}`,
          message: "A message long enough for the form.",
          ip_address: null,
          user_agent: null,
          created_at: new Date(base + i * 1000),
        })),
      )
      .execute();
    const listed = await listContactMessagesByEmail(email);
    expect(listed).toHaveLength(MAX_MESSAGES_BY_EMAIL);
    expect(listed[0]?.subject).toBe("subject 0");
  });
});
