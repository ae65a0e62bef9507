import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { takedownClock } from "../../core/takedown-clock";
import { mailsTo as mailsIn } from "../../tests/support/outbox";
import { insertTakedownAdmins, TAKEDOWN_ADMINS, TAKEDOWN_META, takedownSubmission, UNLIMITED } from "../../tests/support/takedown-requests";
import { useTestDatabase } from "../../tests/support/test-db";
import { outboxDir } from "../mail";
import { submitTakedown, type TakedownSubmission } from "./takedown-intake";
import { notifyOverdueTakedowns } from "./takedown-overdue-notice";
import { listTakedowns, takedownSummary } from "./takedown-queue";

// The outbox and the media live in this file's own DATA_DIR, set before any import reads the environment.
vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "takedown-queue-test-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET = "takedown-service-test-secret-0123456789";
});

const { handle } = useTestDatabase();
const NOW = Date.now();
const meta = TAKEDOWN_META;
const { remover, uploader, third } = TAKEDOWN_ADMINS;
const submission = (patch: Partial<TakedownSubmission["values"]> = {}, website = "") => takedownSubmission(NOW, patch, website);
const mailsTo = (to: string) => mailsIn(outboxDir(), to);

describe("the takedown queue on PostgreSQL", () => {
  beforeAll(async () => {
    await insertTakedownAdmins(handle().db);
  });

  it("lists open requests by due time with the database clock; overdue ones are e-mailed to every admin once", async () => {
    const sub = submission();
    const { reference } = (await submitTakedown(sub, meta, { now: NOW, limiter: UNLIMITED })) as { reference: string };
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
});
