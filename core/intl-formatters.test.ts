import { describe, expect, it } from "vitest";
import { intlFormatters, memoize } from "./intl-formatters";
import { formatMessage } from "./messages";

describe("intlFormatters", () => {
  it("builds one formatter per language and options, and a new one for other arguments", () => {
    const de = intlFormatters.getPluralRules("de", { type: "cardinal" });
    expect(intlFormatters.getPluralRules("de", { type: "cardinal" })).toBe(de);
    expect(intlFormatters.getPluralRules("de", { type: "ordinal" })).not.toBe(de);
    expect(intlFormatters.getPluralRules("ar", { type: "cardinal" }).select(3)).toBe("few");
    expect(intlFormatters.getNumberFormat("de").format(1234.5)).toBe("1.234,5");
  });

  it("memoize calls the maker once per distinct argument list", () => {
    const calls: string[] = [];
    const twice = memoize((a: string, b?: number) => {
      calls.push(`${a}${b ?? ""}`);
      return {};
    });
    expect(twice("x")).toBe(twice("x"));
    twice("x", 1);
    expect(calls).toEqual(["x", "x1"]);
  });

  it("a plural message formats through them with Arabic's categories", () => {
    const messages = {
      "t.a": [
        {
          type: 6,
          value: "n",
          offset: 0,
          pluralType: "cardinal",
          options: { few: { value: [{ type: 0, value: "few" }] }, other: { value: [{ type: 0, value: "other" }] } },
        },
      ],
    } as never;
    expect(formatMessage({ locale: "ar", messages }, "t.a", { n: 3 })).toBe("few");
    expect(formatMessage({ locale: "ar", messages }, "t.a", { n: 100 })).toBe("other");
  });
});
