import { describe, expect, it } from "vitest";
import { takedownClock } from "./takedown-clock";
import { splitUrls, validateTakedown } from "./takedown-schema";

const valid = {
  kind: "copyright",
  name: "Ana Example",
  email: "ana@example.com",
  urls: "https://pleazure.example/video/1\n https://elsewhere.example/x ",
  description: "Our short film, copied frame by frame.",
  goodFaith: "on",
  signature: "Ana Example",
};

// A field's message is the id of its text, which the page words (the English texts: server/i18n/form-texts.test.ts).
describe("takedown schema", () => {
  it("takes http(s) addresses one per line or space, at most 20", () => {
    expect(splitUrls(valid.urls)).toEqual(["https://pleazure.example/video/1", "https://elsewhere.example/x"]);
    expect(validateTakedown(valid).success).toBe(true);
    for (const urls of ["javascript:alert(1)", "/video/1", "ftp://x.example/a", "https://"]) {
      expect(validateTakedown({ ...valid, urls })).toEqual({
        success: false,
        errors: { urls: "urlsInvalid" },
      });
    }
    const many = Array.from({ length: 21 }, (_, i) => `https://x.example/${i}`).join("\n");
    expect(validateTakedown({ ...valid, urls: many })).toMatchObject({ errors: { urls: "urlsTooMany" } });
  });

  it("needs a kind, the good-faith statement and a signature", () => {
    expect(validateTakedown({ ...valid, kind: "other", goodFaith: "", signature: " " })).toEqual({
      success: false,
      errors: {
        kind: "kindRequired",
        goodFaith: "goodFaithRequired",
        signature: "signatureRequired",
      },
    });
  });

  it("shows the clock as time left, then as time overdue", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(takedownClock(new Date("2026-11-28T11:30:00Z"), now)).toEqual({ overdue: false, text: "47 h 30 min left" });
    expect(takedownClock(new Date("2026-11-26T12:05:00Z"), now)).toEqual({ overdue: false, text: "5 min left" });
    expect(takedownClock(new Date("2026-11-26T09:50:00Z"), now)).toEqual({ overdue: true, text: "Overdue by 2 h 10 min" });
  });
});
