import { describe, expect, it } from "vitest";
import { bufferedEndAt, waitingAfter } from "./use-media-state";

const ranges = (...r: [number, number][]) => ({
  length: r.length,
  start: (i: number) => r[i]![0],
  end: (i: number) => r[i]![1],
});

describe("bufferedEndAt", () => {
  it("is the end of the range that holds the playhead", () => {
    expect(bufferedEndAt({ buffered: ranges([0, 12], [30, 48]), currentTime: 5 })).toBe(12);
    expect(bufferedEndAt({ buffered: ranges([0, 12], [30, 48]), currentTime: 31 })).toBe(48);
  });

  it("counts a range starting just ahead of the playhead, and is 0 outside every range", () => {
    expect(bufferedEndAt({ buffered: ranges([10.3, 20]), currentTime: 10 })).toBe(20);
    expect(bufferedEndAt({ buffered: ranges([0, 12], [30, 48]), currentTime: 20 })).toBe(0);
    expect(bufferedEndAt({ buffered: ranges(), currentTime: 0 })).toBe(0);
  });
});

describe("waitingAfter", () => {
  const playingWithData = { readyState: 4, paused: false };
  const playingStarved = { readyState: 2, paused: false };
  const paused = { readyState: 1, paused: true };

  it("starts waiting on waiting and seeking", () => {
    expect(waitingAfter(false, "waiting", playingWithData)).toBe(true);
    expect(waitingAfter(false, "seeking", paused)).toBe(true);
  });

  it("settles from the element on playing, canplay, seeked and pause", () => {
    for (const event of ["playing", "canplay", "seeked", "pause"]) {
      expect(waitingAfter(true, event, playingWithData)).toBe(false);
      expect(waitingAfter(false, event, playingStarved)).toBe(true);
      expect(waitingAfter(true, event, paused)).toBe(false);
    }
  });

  it("clears on a new source and keeps its value on any other event or the first read", () => {
    expect(waitingAfter(true, "emptied", playingStarved)).toBe(false);
    expect(waitingAfter(true, "timeupdate", playingWithData)).toBe(true);
    expect(waitingAfter(false, "progress", playingStarved)).toBe(false);
    expect(waitingAfter(true, undefined, playingWithData)).toBe(true);
  });
});
