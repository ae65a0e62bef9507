import { describe, expect, it } from "vitest";
import { chapterEnd, chapterIndexAt, chapterSeekTarget, chaptersWithin, startParam } from "./chapters";

describe("chapters in playback", () => {
  const chapters = [
    { start: 0, title: "Opening" },
    { start: 20, title: "Colour shift" },
    { start: 40, title: "Finale" },
  ];

  it("finds the chapter playing at a time", () => {
    expect(chapterIndexAt(chapters, 0)).toBe(0);
    expect(chapterIndexAt(chapters, 19.9)).toBe(0);
    expect(chapterIndexAt(chapters, 20)).toBe(1);
    expect(chapterIndexAt(chapters, 99)).toBe(2);
    expect(chapterIndexAt([], 5)).toBe(-1);
  });

  it("ends each chapter at the next one's start, the last at the video's end", () => {
    expect([0, 1, 2].map((i) => chapterEnd(chapters, i, 56))).toEqual([20, 40, 56]);
  });

  it("steps to the next chapter, and back to this one's start or (within its first seconds) the one before", () => {
    expect(chapterSeekTarget(chapters, 5, 1)).toBe(20);
    expect(chapterSeekTarget(chapters, 45, 1)).toBeNull();
    expect(chapterSeekTarget(chapters, 30, -1)).toBe(20);
    expect(chapterSeekTarget(chapters, 21, -1)).toBe(0);
    expect(chapterSeekTarget(chapters, 1, -1)).toBe(0);
    expect(chapterSeekTarget([], 10, -1)).toBeNull();
  });

  it("shows only chapters that start inside the video", () => {
    expect(chaptersWithin(chapters, 40)).toEqual(chapters.slice(0, 2));
  });

  it("reads ?t= as seconds, 90s or m:ss, inside the video; anything else is no start", () => {
    expect(startParam("90", 300)).toBe(90);
    expect(startParam("90s", 300)).toBe(90);
    expect(startParam("1:30", 300)).toBe(90);
    for (const raw of [null, "", "0", "300", "abc", "-5", "1e3", "1:75", "9".repeat(20)]) expect(startParam(raw, 300)).toBeUndefined();
  });
});
