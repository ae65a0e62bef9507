import { describe, expect, it } from "vitest";
import { cueIndexAt, cuePlainText, readTranscript } from "./caption-cues";
import { parseCaptionFile, serializeCaptions } from "./captions";

describe("readTranscript", () => {
  it("reads back what an upload became: times, and the text as plain text", () => {
    const upload = [
      "WEBVTT",
      "",
      "intro",
      "00:00:00.500 --> 00:00:02.000 line:0",
      "Hello <b>there</b> &amp; welcome",
      "",
      "00:01:02.250 --> 00:01:04.000",
      "Two &lt;lines&gt;",
      "and <v Ann>a speaker</v>",
      "",
    ].join("\n");
    const parsed = parseCaptionFile(new TextEncoder().encode(upload), 120);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(readTranscript(serializeCaptions(parsed.cues))).toEqual([
      { start: 0.5, end: 2, text: "Hello there & welcome" },
      { start: 62.25, end: 64, text: "Two <lines> and a speaker" },
    ]);
  });

  it("skips blocks without a readable timing and cues without text; reads CRLF files", () => {
    const vtt =
      "WEBVTT\r\n\r\nNOTE a note\r\n\r\n00:01.000 --> nonsense\r\nlost\r\n\r\n00:02.000 --> 00:03.000\r\n<i></i>\r\n\r\n00:04.000 --> 00:05.000\r\nkept\r\n";
    expect(readTranscript(vtt)).toEqual([{ start: 4, end: 5, text: "kept" }]);
    expect(readTranscript("")).toEqual([]);
  });

  it("keeps markup as text: a transcript never renders HTML from a file", () => {
    expect(cuePlainText("&lt;img src=x onerror=alert(1)&gt;")).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("cueIndexAt", () => {
  const cues = [
    { start: 1, end: 2, text: "a" },
    { start: 3, end: 5, text: "b" },
  ];
  it("names the cue showing, and none between or after cues", () => {
    expect(cueIndexAt(cues, 0)).toBe(-1);
    expect(cueIndexAt(cues, 1)).toBe(0);
    expect(cueIndexAt(cues, 2.5)).toBe(-1);
    expect(cueIndexAt(cues, 4.99)).toBe(1);
    expect(cueIndexAt(cues, 5)).toBe(-1);
  });
});
