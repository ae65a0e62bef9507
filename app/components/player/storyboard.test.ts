import { describe, expect, it } from "vitest";
import { cueAt, parseStoryboardVtt, parseVttTime } from "./storyboard";

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
storyboard.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
storyboard.jpg#xywh=160,0,160,90

1
00:00:04.000 --> 00:00:06.500 align:start
sprites/b.jpg#xywh=0,90,160,90

00:00:06.500 --> 00:00:08.000
no-fragment.jpg
`;

describe("parseVttTime", () => {
  it("reads hh:mm:ss.ttt and mm:ss.ttt", () => {
    expect(parseVttTime("00:00:02.500")).toBe(2.5);
    expect(parseVttTime("01:02:03.000")).toBe(3723);
    expect(parseVttTime("02:03.250")).toBe(123.25);
  });
});

describe("parseStoryboardVtt", () => {
  it("reads the cues with sprite URLs relative to the .vtt", () => {
    const cues = parseStoryboardVtt(VTT, "/media/videos/abc/storyboard.vtt");
    expect(cues).toEqual([
      { start: 0, end: 2, url: "/media/videos/abc/storyboard.jpg", x: 0, y: 0, w: 160, h: 90 },
      { start: 2, end: 4, url: "/media/videos/abc/storyboard.jpg", x: 160, y: 0, w: 160, h: 90 },
      { start: 4, end: 6.5, url: "/media/videos/abc/sprites/b.jpg", x: 0, y: 90, w: 160, h: 90 },
    ]);
  });

  it("keeps absolute URLs absolute and handles CRLF", () => {
    const cues = parseStoryboardVtt(VTT.replaceAll("\n", "\r\n"), "https://cdn.example/v/1/storyboard.vtt");
    expect(cues[0]?.url).toBe("https://cdn.example/v/1/storyboard.jpg");
    expect(cues).toHaveLength(3);
  });

  it("gives nothing for a file that is not WebVTT", () => {
    expect(parseStoryboardVtt("<html>not found</html>", "/x.vtt")).toEqual([]);
  });
});

describe("cueAt", () => {
  const cues = parseStoryboardVtt(VTT, "/s.vtt");
  it("finds the cue covering a time, the first before any and the last after all", () => {
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 3.9)?.x).toBe(160);
    expect(cueAt(cues, 5)?.y).toBe(90);
    expect(cueAt(cues, 99)?.y).toBe(90);
    expect(cueAt(cues, -1)?.x).toBe(0);
    expect(cueAt([], 1)).toBeUndefined();
  });
});
