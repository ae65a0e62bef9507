import { describe, expect, it } from "vitest";
import { createHistoryReporter, HISTORY_INTERVAL_MS } from "./watch-history";

function setup() {
  let clock = 1_000_000;
  const sent: { position: string | null; leaving: boolean }[] = [];
  const reporter = createHistoryReporter({
    videoId: "v1",
    now: () => clock,
    send: (body, { leaving }) => {
      expect(body.get("videoId")).toBe("v1");
      sent.push({ position: body.get("position"), leaving });
    },
  });
  return { reporter, sent, advance: (ms: number) => (clock += ms) };
}

describe("watch history reporter", () => {
  it("sends the first position, then at most every 10 s", () => {
    const { reporter, sent, advance } = setup();
    reporter.onPlaybackTime(0.2, 60);
    for (let t = 1; t <= 9; t++) {
      advance(1000);
      reporter.onPlaybackTime(t, 60);
    }
    expect(sent.map((s) => s.position)).toEqual(["0.2"]);
    advance(HISTORY_INTERVAL_MS - 9000);
    reporter.onPlaybackTime(10, 60);
    expect(sent.map((s) => s.position)).toEqual(["0.2", "10.0"]);
  });

  it("flushes on pause and when leaving, only when the position moved", () => {
    const { reporter, sent, advance } = setup();
    reporter.flush(); // nothing played yet
    expect(sent).toEqual([]);
    reporter.onPlaybackTime(3, 60);
    advance(2000);
    reporter.onPlaybackTime(5, 60);
    reporter.flush();
    reporter.flush({ leaving: true }); // same position: not again
    advance(500);
    reporter.onPlaybackTime(7.25, 60);
    reporter.flush({ leaving: true });
    expect(sent).toEqual([
      { position: "3.0", leaving: false },
      { position: "5.0", leaving: false },
      { position: "7.3", leaving: true },
    ]);
  });

  it("ignores unusable times (no duration, negative, NaN) and caps at the duration", () => {
    const { reporter, sent } = setup();
    reporter.onPlaybackTime(5, Number.NaN);
    reporter.onPlaybackTime(-1, 60);
    reporter.onPlaybackTime(Number.NaN, 60);
    expect(sent).toEqual([]);
    reporter.onPlaybackTime(80, 60);
    expect(sent.map((s) => s.position)).toEqual(["60.0"]);
  });
});
