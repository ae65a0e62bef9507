import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { TAKEDOWN_HOURS } from "../../core/takedown-clock";
import { insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { median, transparencyFigures } from "./transparency";

/** Issue 22 item 7: the transparency figures are counts of this database's rows inside the window. */

const { handle } = useTestDatabase();
const db = () => handle().db;
let n = 0;

/** A report `ageHours` old, decided `decidedAfterHours` after it was made (or open). */
async function reportRow(
  target: { type: "video" | "comment"; id: string; videoId: string },
  reason: string,
  ageHours: number,
  decided?: { afterHours: number; resolution: "dismissed" | "restored" | "removed" | "banned" },
) {
  n++;
  const now = Date.now();
  const created = new Date(now - ageHours * 3_600_000);
  await db()
    .insertInto("reports")
    .values({
      reference: `R-TEST-${String(n).padStart(4, "0")}`,
      target_type: target.type,
      target_id: target.id,
      video_id: target.videoId,
      reason,
      reporter_key: `ip:192.0.2.${n}`,
      created_at: created,
      resolved_at: decided ? new Date(created.getTime() + decided.afterHours * 3_600_000) : null,
      resolution: decided?.resolution ?? null,
    })
    .execute();
}

describe("transparency figures (issue 22 item 7)", () => {
  it("counts reports by reason and decided items inside the window only, with the median and worst wait", async () => {
    const [a, b, c, old] = await Promise.all([insertVideo(db()), insertVideo(db()), insertVideo(db()), insertVideo(db())]);
    const video = (v: { id: string }) => ({ type: "video" as const, id: v.id, videoId: v.id });
    // Item a: two reports, decided (removed) 2 h after the first; both closed in one decision.
    await reportRow(video(a), "minor", 10, { afterHours: 2, resolution: "removed" });
    await reportRow(video(a), "non-consensual", 9, { afterHours: 1, resolution: "removed" });
    await sql`UPDATE reports SET resolved_at = (SELECT resolved_at FROM reports WHERE reference = 'R-TEST-0001') WHERE target_id = ${a.id}`.execute(
      db(),
    );
    // Item b: kept after 6 h. Item c: open. Old: outside the window entirely.
    await reportRow(video(b), "spam", 20, { afterHours: 6, resolution: "dismissed" });
    await reportRow(video(c), "spam", 1);
    await reportRow(video(old), "copyright", 24 * 40, { afterHours: 1, resolution: "removed" });

    const f = await transparencyFigures();
    expect(f.reportsReceived).toBe(4);
    expect(Object.fromEntries(f.reportsByReason.map((r) => [r.reason, r.count]))).toEqual({
      "non-consensual": 1,
      minor: 1,
      illegal: 0,
      copyright: 0,
      spam: 2,
      other: 0,
    });
    expect(f.decisions).toEqual({ removed: 1, kept: 1 });
    expect(f.commentsRemoved).toBe(0);
    expect(f.reportHandling.decided).toBe(2);
    expect(f.reportHandling.medianSeconds).toBeCloseTo(4 * 3600, 0);
    expect(f.reportHandling.worstSeconds).toBeCloseTo(6 * 3600, 0);
  });

  it("counts takedown requests, their decisions and handling times, the open overdue ones, and removed videos", async () => {
    // One clock reading: with one per timestamp, a wait could come out a millisecond off.
    const now = Date.now();
    const hours = (h: number) => new Date(now - h * 3_600_000);
    const request = (ref: string, ageHours: number, decided?: { afterHours: number; status: "removed" | "rejected" }) =>
      db()
        .insertInto("takedown_requests")
        .values({
          reference: ref,
          kind: "non-consensual",
          name: "Requester",
          email: "requester@example.com",
          urls: "https://example.com/video/x",
          description: "A person who did not consent.",
          signature: "Requester",
          video_id: null,
          ip_address: null,
          user_agent: null,
          created_at: hours(ageHours),
          due_at: hours(ageHours - TAKEDOWN_HOURS),
          status: decided?.status ?? "open",
          resolved_at: decided ? hours(ageHours - decided.afterHours) : null,
          outcome: null,
          resolved_by: null,
        })
        .execute();
    await request("TD-TEST-0001", 30, { afterHours: 3, status: "removed" });
    await request("TD-TEST-0002", 20, { afterHours: 10, status: "rejected" });
    await request("TD-TEST-0003", 60); // open and past its 48 hours
    await request("TD-TEST-0004", 2); // open, on time
    await request("TD-TEST-0005", 24 * 45, { afterHours: 1, status: "removed" }); // before the window
    const removed = await insertVideo(db());
    await db()
      .updateTable("videos")
      .set({ removed_at: hours(5), is_public: false })
      .where("id", "=", removed.id)
      .execute();

    const f = await transparencyFigures();
    expect(f.takedowns).toEqual({
      received: 4,
      removed: 1,
      rejected: 1,
      medianSeconds: 6.5 * 3600,
      worstSeconds: 10 * 3600,
      overdueOpen: 1,
    });
    expect(f.videosRemoved).toBe(1);
  });

  it("median of odd, even and empty lists", () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([1, 3, 10])).toBe(3);
    expect(median([1, 3, 10, 20])).toBe(6.5);
  });
});
