import { describe, expect, it } from "vitest";
import { BURST_TEXTS, burstRestoreForm } from "./report-schema";

describe("the queue's Restore a burst form (issue 32 item 2)", () => {
  const valid = {
    intent: "restore-burst",
    from: "2026-11-28T05:00",
    to: "2026-11-28T06:30",
    network: " 203.0.113.0/24 ",
    note: "Coordinated.",
  };
  const issues = (patch: Record<string, string>) =>
    burstRestoreForm.safeParse({ ...valid, ...patch }).error?.issues.map((i) => i.message) ?? [];

  it("reads the window as UTC minutes and the network as reports store it; an empty network is every network", () => {
    expect(burstRestoreForm.parse(valid)).toMatchObject({
      from: new Date("2026-11-28T05:00:00Z"),
      to: new Date("2026-11-28T06:30:00Z"),
      network: "203.0.113.0/24",
    });
    expect(burstRestoreForm.parse({ ...valid, network: "", to: "2026-11-28T06:30:59" }).network).toBeNull();
    expect(burstRestoreForm.parse({ ...valid, network: "2001:DB8:1::/48" }).network).toBe("2001:db8:1::/48");
  });

  it.each([
    [{ from: "yesterday" }, BURST_TEXTS.when],
    [{ from: "2026-13-45T99:99" }, BURST_TEXTS.when],
    [{ from: "\u0000" }, BURST_TEXTS.when],
    [{ to: "2026-11-28T04:00" }, BURST_TEXTS.order],
    [{ to: "2026-12-05T05:00" }, BURST_TEXTS.tooLong],
    [{ network: "203.0.113.7" }, BURST_TEXTS.network],
    [{ network: "2001:db8::/64" }, BURST_TEXTS.network],
  ])("refuses %j with its field's message", (patch, message) => {
    expect(issues(patch)).toContain(message);
  });
});
