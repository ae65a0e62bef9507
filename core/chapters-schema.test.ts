import { describe, expect, it } from "vitest";
import { CHAPTER_TITLE_MAX, CHAPTERS_MAX, CHAPTERS_TEXT_MAX, chaptersFromForm, chaptersToText, checkChapters } from "./chapters-schema";
import { formatClockTime, parseClockTime } from "./clock-time";

const problems = (text: string, duration = 300) => {
  const checked = checkChapters(text, duration);
  return checked.ok ? [] : checked.problems;
};

describe("clock times", () => {
  it.each([
    ["0:00", 0],
    ["1:30", 90],
    ["12:05", 725],
    ["90:00", 5400],
    ["1:02:03", 3723],
    ["0:00:07", 7],
    ["90", 90],
    [" 45 ", 45],
  ])("reads %s as %i seconds", (text, seconds) => expect(parseClockTime(text)).toBe(seconds));

  it.each(["", "1:75", "1:2", "1.5", "-3", "1:30:", ":30", "1:60:00", "a", "1,30", "1234567", "1:1:1"])("refuses %j", (text) =>
    expect(parseClockTime(text)).toBeNull(),
  );

  it("writes times the way it reads them", () => {
    for (const s of [0, 5, 65, 600, 3599, 3600, 3723, 36_000]) expect(parseClockTime(formatClockTime(s))).toBe(s);
    expect(formatClockTime(3725)).toBe("1:02:05");
    expect(formatClockTime(-1)).toBe("0:00");
    expect(formatClockTime(Number.NaN)).toBe("0:00");
  });
});

describe("the chapters form", () => {
  it("reads one chapter a line: m:ss, h:mm:ss or seconds, an optional dash, titles trimmed and spaces collapsed", () => {
    const checked = checkChapters("0:00 Opening\n\n  0:20 -  Colour   shift \r\n45\tFinale\n1:00:00 | Late", 4000);
    expect(checked).toEqual({
      ok: true,
      chapters: [
        { start: 0, title: "Opening" },
        { start: 20, title: "Colour shift" },
        { start: 45, title: "Finale" },
        { start: 3600, title: "Late" },
      ],
    });
  });

  it("takes an empty text as no chapters (clearing them), whatever the video's length", () => {
    expect(checkChapters("", 0)).toEqual({ ok: true, chapters: [] });
    expect(checkChapters(" \n\t\n", 60)).toEqual({ ok: true, chapters: [] });
  });

  it("says which line is not a time, and how to write one", () => {
    expect(problems("0:00 Opening\nIntro to the end")).toEqual([
      'Line 2: "Intro" is not a time. Start each line with m:ss, h:mm:ss or seconds, then the title, e.g. "1:30 Colour shift".',
    ]);
    expect(problems("0:00 Opening\n1:75 Odd")[0]).toMatch(/^Line 2: "1:75" is not a time/);
  });

  it("wants the first chapter at 0:00, as search engines do for key moments", () => {
    expect(problems("0:05 Opening\n0:20 Next")).toEqual([
      "Line 1: the first chapter must start at 0:00 (search engines show chapters as key moments only then); this one starts at 0:05.",
    ]);
  });

  it("wants strictly increasing times, naming the line before", () => {
    expect(problems("0:00 A\n1:20 B\n1:10 C\n1:10 D")).toEqual([
      "Line 3: 1:10 is not after 1:20 (line 2): each chapter must start later than the one before.",
      "Line 4: 1:10 is not after 1:10 (line 3): each chapter must start later than the one before.",
    ]);
  });

  it("wants every start inside the video (its last second included, its end not)", () => {
    expect(problems("0:00 A\n0:55 B", 56)).toEqual([]);
    expect(problems("0:00 A\n0:56 B", 56)).toEqual(["Line 2: 0:56 is not inside the video, which ends at 0:56."]);
  });

  it("cannot check chapters before the video's length is known", () => {
    expect(problems("0:00 A", 0)).toEqual([
      "The video's length is not known yet (it is still being processed): chapters can be set once it is.",
    ]);
  });

  it("wants a title of 1 to 100 characters after the time", () => {
    expect(problems("0:00\n0:10 -")).toEqual([
      'Line 1: add a title after the time, e.g. "1:30 Colour shift".',
      'Line 2: add a title after the time, e.g. "1:30 Colour shift".',
    ]);
    expect(problems(`0:00 ${"x".repeat(CHAPTER_TITLE_MAX)}`)).toEqual([]);
    expect(problems(`0:00 ${"x".repeat(CHAPTER_TITLE_MAX + 1)}`)).toEqual(["Line 1: the title has 101 characters; keep it to 100."]);
  });

  it("applies the content-safety policy to titles", () => {
    expect(problems("0:00 Opening\n0:10 Schoolgirl scene")).toEqual([
      'Line 2: Chapter contains a term that suggests minors ("schoolgirl"), which is not allowed.',
    ]);
  });

  it("allows at most 100 chapters", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `${i} Part ${i + 1}`).join("\n");
    expect(problems(lines(CHAPTERS_MAX), 1000)).toEqual([]);
    expect(problems(lines(CHAPTERS_MAX + 1), 1000)).toEqual(["At most 100 chapters: this list has 101."]);
  });

  it("refuses control characters and overlong text as a whole", () => {
    expect(problems("0:00 A\u0007B")).toEqual(["Unreadable characters"]);
    expect(problems("x".repeat(CHAPTERS_TEXT_MAX + 1))).toEqual(["The list is too long: at most 20,000 characters."]);
  });

  it("reports every problem at once, in line order", () => {
    expect(problems("0:10 A\nfoo\n0:05 B\n9:00 C").map((p) => p.slice(0, 7))).toEqual(["Line 1:", "Line 2:", "Line 3:", "Line 4:"]);
  });

  it("reads the form's one field; repeated or a file is unreadable", () => {
    const form = new FormData();
    expect(chaptersFromForm(form)).toBe("");
    form.append("chapters", "0:00 A");
    expect(chaptersFromForm(form)).toBe("0:00 A");
    form.append("chapters", "0:00 B");
    expect(chaptersFromForm(form)).toBeUndefined();
    const file = new FormData();
    file.append("chapters", new Blob(["x"]), "x.txt");
    expect(chaptersFromForm(file)).toBeUndefined();
  });

  it("writes stored chapters back as the text it reads", () => {
    const chapters = [
      { start: 0, title: "Opening" },
      { start: 75, title: "Colour shift" },
      { start: 3700, title: "Finale" },
    ];
    const text = chaptersToText(chapters);
    expect(text).toBe("0:00 Opening\n1:15 Colour shift\n1:01:40 Finale");
    expect(checkChapters(text, 4000)).toEqual({ ok: true, chapters });
  });
});
