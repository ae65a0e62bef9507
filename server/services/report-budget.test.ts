import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { outboxDir } from "../mail";
import type { Actor } from "./audit-log";
import { issueFormToken, REPORT_FORM_PURPOSE } from "./form-token";
import { decideReportedItem } from "./moderation-decisions";
import type { HidingBudget } from "./report-budget";
import { hidingNetworks, restoreBurst } from "./report-bursts";
import { type Reporter, submitReport } from "./reports";
import { GOOD_STANDING_MIN_AGE_DAYS } from "./standing";

/**
 * Issue 32 item 2 on real PostgreSQL: the budget on automatic hiding. A thousand reports from a thousand
 * addresses hide no more than the budget, concurrently too; one network hides no more than its share; the admins
 * get one alert per burst; a single genuine report on a quiet hour still hides at once; accounts in good standing
 * hide beyond the budget; a moderator restores a burst in one audited step.
 */

vi.hoisted(() => {
  process.env.DATA_DIR = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-budget-test-"));
});

/** A report form's single-use token, as the page hands it out. */
const reportToken = () => issueFormToken(Date.now(), REPORT_FORM_PURPOSE);

const { handle } = useTestDatabase();
const db = () => handle().db;
const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };
const BUDGET: HidingBudget = { perHour: 20, perNetworkPerHour: 3 };
const ORIGIN = "http://localhost:3000";

/** An address in a /24 of its own for each n (n < 65,536). */
const ownNetwork = (n: number) => `100.${64 + (n >> 8)}.${n & 0xff}.7`;

const visitorAt = (ip: string): Reporter => ({ userId: null, ip });

async function user(tag: string, opts: { role?: "user" | "admin"; ageDays?: number } = {}): Promise<{ id: string; email: string }> {
  const id = `${tag}-${Math.random().toString(36).slice(2, 10)}`;
  const email = `${id}@example.com`;
  await db()
    .insertInto("users")
    .values({ id, email, full_name: null, avatar_url: null, role: opts.role ?? "user", is_creator: opts.role === "admin" })
    .execute();
  if (opts.ageDays) await sql`UPDATE users SET created_at = now() - make_interval(days => ${opts.ageDays}) WHERE id = ${id}`.execute(db());
  return { id, email };
}

/** `n` visible comments on one public video, inserted at once. */
async function comments(n: number, authorId: string): Promise<string[]> {
  const video = await insertVideo(db());
  const rows = await db()
    .insertInto("comments")
    .values(Array.from({ length: n }, (_, i) => ({ video_id: video.id, user_id: authorId, content: `comment ${i}` })))
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

const heldCount = async (ids: string[]) =>
  Number(
    (
      await db()
        .selectFrom("comments")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("id", "in", ids)
        .where("held_at", "is not", null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const minorReport = (id: string, reporter: Reporter) =>
  submitReport({ target: { type: "comment", id }, reason: "minor", website: "", formToken: reportToken() }, reporter, {
    limiter: unlimited,
    budget: BUDGET,
  });

function burstAlerts(): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes("the hiding budget is spent"));
}

/** The hour passes: every report so far is moved two hours back. */
const anHourLater = () => sql`UPDATE reports SET created_at = created_at - interval '2 hours'`.execute(db());

describe("the budget on automatic hiding (issue 32 item 2)", () => {
  it("a single genuine report on a quiet hour hides at once", async () => {
    const author = await user("author");
    const [id] = await comments(1, author.id);
    const outcome = await minorReport(id as string, visitorAt("203.0.113.9"));
    expect(outcome).toMatchObject({ status: "received", hidden: true });
    const row = await db().selectFrom("reports").select(["auto_hide", "reporter_network", "reporter_trusted"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ auto_hide: "hid", reporter_network: "203.0.113.0/24", reporter_trusted: false });
    await anHourLater();
  });

  it("a thousand reports from a thousand networks, twenty at a time, hide exactly the budget; one alert for the burst", async () => {
    await user("admin", { role: "admin" });
    const author = await user("author");
    const ids = await comments(1000, author.id);
    const alertsBefore = burstAlerts().length;
    for (let i = 0; i < ids.length; i += 20)
      await Promise.all(ids.slice(i, i + 20).map((id, j) => minorReport(id, visitorAt(ownNetwork(i + j)))));
    expect(await heldCount(ids)).toBe(BUDGET.perHour);
    const marks = await db()
      .selectFrom("reports")
      .select(["auto_hide", sql<number>`count(*)::int`.as("n")])
      .where("target_id", "in", ids)
      .groupBy("auto_hide")
      .execute();
    expect(Object.fromEntries(marks.map((m) => [m.auto_hide, m.n]))).toEqual({ hid: BUDGET.perHour, "over-budget": 1000 - BUDGET.perHour });
    // Every report is still in the queue for a moderator; the admins were told once, with the way to undo it.
    expect(burstAlerts().length - alertsBefore).toBe(1);
    expect(burstAlerts().at(-1)).toContain(`${ORIGIN}/admin/reports`);
    await anHourLater();
  });

  it("one IPv4 /24 or one IPv6 /48 hides at most its share, however many addresses it uses", async () => {
    const author = await user("author");
    const v4 = await comments(10, author.id);
    for (const [i, id] of v4.entries()) await minorReport(id, visitorAt(`198.18.5.${i + 1}`));
    expect(await heldCount(v4)).toBe(BUDGET.perNetworkPerHour);
    const v6 = await comments(10, author.id);
    for (const [i, id] of v6.entries()) await minorReport(id, visitorAt(`2001:db8:77:${i.toString(16)}::1`));
    expect(await heldCount(v6)).toBe(BUDGET.perNetworkPerHour);
    // Another network still has its own share.
    const [other] = await comments(1, author.id);
    expect(await minorReport(other as string, visitorAt("198.18.6.1"))).toMatchObject({ hidden: true });
    await anHourLater();
  });

  it("accounts in good standing hide beyond the budget; new accounts and ones with a dismissed report do not", async () => {
    const admin = await user("admin", { role: "admin" });
    const author = await user("author");
    const spent = await comments(BUDGET.perHour, author.id);
    for (const [i, id] of spent.entries()) await minorReport(id, visitorAt(ownNetwork(2000 + i)));
    expect(await heldCount(spent)).toBe(BUDGET.perHour);

    const [a, b, c, d] = await comments(4, author.id);
    const trusted = await user("trusted", { ageDays: GOOD_STANDING_MIN_AGE_DAYS + 1 });
    const fresh = await user("fresh", { ageDays: 2 });
    const overruled = await user("overruled", { ageDays: 400 });
    const reporter = (u: { id: string }, ip: string): Reporter => ({ userId: u.id, ip });
    // The old account's earlier report was found unfounded: a moderator kept the item.
    await minorReport(a as string, reporter(overruled, "192.0.2.50"));
    await decideReportedItem({ type: "comment", id: a as string }, "dismiss", "Nothing wrong with it.", admin as Actor);

    expect(await minorReport(b as string, reporter(trusted, "192.0.2.51"))).toMatchObject({ hidden: true });
    expect(await minorReport(c as string, reporter(fresh, "192.0.2.52"))).toMatchObject({ hidden: false });
    expect(await minorReport(d as string, reporter(overruled, "192.0.2.53"))).toMatchObject({ hidden: false });
    const trustedRow = await db()
      .selectFrom("reports")
      .select("reporter_trusted")
      .where("target_id", "=", b as string)
      .executeTakeFirstOrThrow();
    expect(trustedRow.reporter_trusted).toBe(true);
    await anHourLater();
  });

  it("a moderator restores a burst from one network in one audited step; other networks and trusted reports stay", async () => {
    const admin = await user("admin", { role: "admin" });
    const author = await user("author");
    const trusted = await user("trusted", { ageDays: 90 });
    const start = new Date(Date.now() - 60_000);
    const burst = await comments(3, author.id);
    for (const [i, id] of burst.entries()) await minorReport(id, visitorAt(`198.51.100.${i + 1}`));
    const [elsewhere] = await comments(1, author.id);
    await minorReport(elsewhere as string, visitorAt("203.0.113.77"));
    const [genuine] = await comments(1, author.id);
    await minorReport(genuine as string, { userId: trusted.id, ip: "198.51.100.200" });
    expect(await heldCount([...burst, elsewhere as string, genuine as string])).toBe(5);

    const networks = await hidingNetworks(start);
    expect(networks.find((n) => n.network === "198.51.100.0/24")).toMatchObject({ hid: 3, overBudget: 0 });

    const outcome = await restoreBurst(
      { from: start, to: new Date(Date.now() + 60_000), network: "198.51.100.0/24" },
      "Coordinated false reports.",
      admin as Actor,
    );
    expect(outcome).toEqual({ restored: 3, closed: 3 });
    expect(await heldCount(burst)).toBe(0);
    expect(await heldCount([elsewhere as string, genuine as string])).toBe(2);
    const closed = await db().selectFrom("reports").select(["resolution", "resolved_by"]).where("target_id", "in", burst).execute();
    expect(closed.every((r) => r.resolution === "restored" && r.resolved_by === admin.id)).toBe(true);
    // Kept by a moderator: a later report queues the item without hiding it again.
    expect(await minorReport(burst[0] as string, visitorAt("192.0.2.99"))).toMatchObject({ hidden: false });
    const audit = await db()
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("action", "=", "report.restore-burst")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, target: "network:198.51.100.0/24" });
    expect(audit.after).toMatchObject({ closed: 3, note: "Coordinated false reports." });
  });
});
