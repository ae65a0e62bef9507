import { describe, expect, it } from "vitest";
import { parseTimestamp } from "./caption-cues";
import { CAPTION_MAX_BYTES, CAPTION_MAX_CUES, cleanCueText, formatTimestamp, parseCaptionFile } from "./captions";

const bytes = (s: string) => new TextEncoder().encode(s);
const parse = (s: string, duration = 60) => parseCaptionFile(bytes(s), duration);
const error = (s: string, duration = 60) => {
  const r = parse(s, duration);
  if (r.ok) throw new Error(`accepted: ${r.vtt}`);
  return r.error;
};

describe("parseCaptionFile", () => {
  it("re-serialises cues as canonical WebVTT, dropping ids, settings, notes, styles and regions", () => {
    const r = parse(
      [
        "WEBVTT - a title",
        "Kind: captions",
        "",
        "STYLE",
        "::cue { background: url(https://tracker.example/x) }",
        "",
        "REGION",
        "id:fred width:40%",
        "",
        "NOTE written by hand",
        "",
        "intro",
        "00:01.000 --> 00:04.500 line:0 position:10% align:start",
        "Soft light over the <i>water</i>",
        "",
        "00:00:05.000 --> 00:00:07.000",
        "<v Narrator>Evening falls.</v>",
        "second line",
        "",
      ].join("\n"),
    );
    expect(r).toEqual({
      ok: true,
      cues: [
        { start: 1, end: 4.5, text: "Soft light over the <i>water</i>" },
        { start: 5, end: 7, text: "<v Narrator>Evening falls.</v>\nsecond line" },
      ],
      vtt: "WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nSoft light over the <i>water</i>\n\n00:00:05.000 --> 00:00:07.000\n<v Narrator>Evening falls.</v>\nsecond line\n",
    });
  });

  it("takes a BOM and CRLF or CR line ends", () => {
    const r = parse("\ufeffWEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nHello\r\n\r\n00:00:03.000 --> 00:00:04.000\rAgain\r");
    expect(r.ok && r.cues.map((c) => c.text)).toEqual(["Hello", "Again"]);
  });

  it("orders cues by start time", () => {
    const r = parse("WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nB\n\n00:00:01.000 --> 00:00:02.000\nA\n");
    expect(r.ok && r.cues.map((c) => c.text)).toEqual(["A", "B"]);
  });

  it("refuses what is not UTF-8 WebVTT, saying why", () => {
    expect(error("")).toBe("The file is empty.");
    expect(parseCaptionFile(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]), 60)).toEqual({
      ok: false,
      error: "The file is not UTF-8 text. Save it as UTF-8 and upload it again.",
    });
    expect(error("1\n00:00:01,000 --> 00:00:02,000\nAn SRT file\n")).toBe('Line 1: a WebVTT file starts with the word "WEBVTT".');
    expect(error("WEBVTTX\n\n00:00:01.000 --> 00:00:02.000\nx\n")).toMatch(/^Line 1:/);
    expect(error("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\u0000\n")).toBe(
      "Line 4: the file contains control characters; is it really a WebVTT text file?",
    );
    expect(error("WEBVTT\n\n")).toBe("The file has no cues with text.");
  });

  it("refuses bad timings with the line number", () => {
    expect(error("WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nx\n")).toBe(
      'Line 3: the cue timing "00:00:01,000 --> 00:00:02.000" cannot be read; write it as "00:00:01.000 --> 00:00:04.000".',
    );
    expect(error("WEBVTT\n\n00:00:01.000 --> 00:00:61.000\nx\n")).toMatch(/^Line 3: the cue timing/);
    expect(error("WEBVTT\n\n00:00:01.000-->00:00:02.000\nx\n")).toMatch(/^Line 3: the cue timing/);
    expect(error("WEBVTT\n\nid\n00:00:04.000 --> 00:00:02.000\nx\n")).toBe(
      "Line 4: the cue ends (00:00:02.000) before or when it starts (00:00:04.000).",
    );
    expect(error("WEBVTT\n\n00:00:02.000 --> 00:00:02.000\nx\n")).toMatch(/^Line 3: the cue ends/);
    expect(error("WEBVTT\n\njust text\nmore text\n")).toBe(
      'Line 3: expected a cue timing such as "00:00:01.000 --> 00:00:04.000", found "just text".',
    );
    expect(error("WEBVTT\n00:00:01.000 --> 00:00:02.000\nx\n")).toBe(
      "Line 2: leave a blank line between the WEBVTT line and the first cue.",
    );
    expect(error("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n00:00:03.000 --> 00:00:04.000\ny\n")).toMatch(/^Line 5: a cue's text/);
  });

  it("refuses a cue after the video's end and clamps one that runs past it", () => {
    expect(error("WEBVTT\n\n00:01:30.000 --> 00:01:32.000\nlate\n", 60)).toBe(
      "Line 3: the cue starts at 00:01:30.000, after the end of the video (00:01:00.000). Is this the file for this video?",
    );
    const r = parse("WEBVTT\n\n00:00:58.000 --> 00:05:00.000\nlast\n", 60);
    expect(r.ok && r.cues[0]).toEqual({ start: 58, end: 60, text: "last" });
  });

  it("bounds size, cue count and cue length", () => {
    expect(parseCaptionFile(new Uint8Array(CAPTION_MAX_BYTES + 1), 60)).toEqual({ ok: false, error: "The file is larger than 256 KB." });
    const many = Array.from(
      { length: CAPTION_MAX_CUES + 1 },
      (_, n) => `${formatTimestamp(n * 0.01)} --> ${formatTimestamp(n * 0.01 + 0.005)}\nx`,
    );
    expect(error(`WEBVTT\n\n${many.join("\n\n")}\n`, 3600)).toBe("The file has more than 5,000 cues.");
    expect(error(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${"a".repeat(501)}\n`)).toBe(
      "Line 3: the cue's text is longer than 500 characters.",
    );
  });
});

describe("cleanCueText", () => {
  const clean = (s: string) => cleanCueText(s).text;
  it("drops HTML and script, keeping only their text", () => {
    expect(clean("<script>alert(1)</script>Hi")).toBe("alert(1)Hi");
    expect(clean('<img src=x onerror="alert(1)">Hi')).toBe("Hi");
    expect(clean('<b onclick="x">bold</b>')).toBe("<b>bold</b>");
    expect(clean("<c.red.big>classy</c> <ruby>漢<rt>kan</rt></ruby> <lang fr>oui</lang>")).toBe("classy 漢kan oui");
    expect(clean("a<00:00:01.500>b")).toBe("ab");
  });

  it("re-escapes text, so decoded entities cannot become tags", () => {
    expect(clean("&lt;script&gt;x&lt;/script&gt; &amp; &#60;b&#62;")).toBe("&lt;script&gt;x&lt;/script&gt; &amp; &lt;b&gt;");
    expect(clean("fish & chips")).toBe("fish &amp; chips");
    expect(clean("&#0;&#x1b;ok")).toBe("ok");
  });

  it("balances the kept tags and keeps line breaks", () => {
    expect(clean("<b><i>both</b> after</i>\nline two  ")).toBe("<b><i>both</i></b> after\nline two");
    expect(clean("<v Ann <b>>x")).toBe("<v Ann b>&gt;x</v>");
    expect(clean("<v a><v b>nested</v>")).toBe("<v a>nested</v>");
    expect(clean("<b></b>")).toBe("");
  });
});

describe("timestamps", () => {
  it("reads both forms and writes hours", () => {
    expect(parseTimestamp("01:02.003")).toBe(62.003);
    expect(parseTimestamp("100:00:00.000")).toBe(360000);
    expect(parseTimestamp("1:02.003")).toBeNull();
    expect(formatTimestamp(3723.456)).toBe("01:02:03.456");
  });
});
