import { describe, expect, it } from "vitest";
import type { StoryboardCue } from "~/components/player/storyboard";
import { spreadFrames, tileStyle } from "./hover-preview";

const cue = (x: number, y: number): StoryboardCue => ({ start: 0, end: 2, url: "/media/v/storyboard.jpg", x, y, w: 160, h: 90 });

describe("spreadFrames", () => {
  it("keeps short lists whole and spreads long ones evenly, first and last included", () => {
    expect(spreadFrames([1, 2, 3], 10)).toEqual([1, 2, 3]);
    expect(
      spreadFrames(
        Array.from({ length: 100 }, (_, i) => i),
        5,
      ),
    ).toEqual([0, 25, 50, 74, 99]);
  });
});

describe("tileStyle", () => {
  const sprite = { width: 1600, height: 900 }; // 10 x 10 tiles of 160x90
  it("scales the sprite so one tile fills the box", () => {
    expect(tileStyle(cue(0, 0), sprite).backgroundSize).toBe("1000% 1000%");
  });
  it("positions the first, a middle and the last tile", () => {
    expect(tileStyle(cue(0, 0), sprite).backgroundPosition).toBe("0% 0%");
    expect(tileStyle(cue(1440, 810), sprite).backgroundPosition).toBe("100% 100%");
    expect(tileStyle(cue(480, 360), sprite).backgroundPosition).toBe(`${(480 / 1440) * 100}% ${(360 / 810) * 100}%`);
  });
  it("a one-row sprite stays at 0% vertically", () => {
    expect(tileStyle(cue(160, 0), { width: 480, height: 90 }).backgroundPosition).toBe("50% 0%");
  });
});
