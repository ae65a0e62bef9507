import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale } from "../../core/locales";
import { CATALOG, type Namespace, namespaceTexts, pageTexts, parseMessage, textFiles, textsVersion, translate } from "./catalog";

const NAMESPACES = Object.keys(CATALOG) as Namespace[];
const OTHERS = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/**
 * The plural forms each language needs in every plural message (CLDR's cardinal categories). French, Spanish and
 * Portuguese also have `many`, only for round millions ("1 million de vues"), which `other` words well enough;
 * Arabic's zero may be written as the exact `=0`.
 */
const PLURAL_FORMS: Record<Locale, string[][]> = {
  en: [["one"], ["other"]],
  de: [["one"], ["other"]],
  fr: [["one"], ["other"]],
  es: [["one"], ["other"]],
  "pt-BR": [["one"], ["other"]],
  ja: [["other"]],
  ar: [["zero", "=0"], ["one"], ["two"], ["few"], ["many"], ["other"]],
};

/** Each argument of a message with its kind ("count:plural", "name:argument"), nested ones included, sorted. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): string[] {
  for (const el of elements) {
    if (el.type === TYPE.argument) found.add(`${el.value}:argument`);
    else if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) found.add(`${el.value}:${TYPE[el.type]}`);
    else if (el.type === TYPE.plural || el.type === TYPE.select) {
      found.add(`${el.value}:${TYPE[el.type]}`);
      for (const option of Object.values(el.options)) argumentsOf(option.value, found);
    }
  }
  return [...found].sort();
}

/** The option sets of every plural in a message. */
function pluralsOf(elements: MessageFormatElement[], found: string[][] = []): string[][] {
  for (const el of elements) {
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      if (el.type === TYPE.plural) found.push(Object.keys(el.options));
      for (const option of Object.values(el.options)) pluralsOf(option.value, found);
    }
  }
  return found;
}

describe("the message catalog", () => {
  it("has every language in every namespace, with exactly English's ids", () => {
    for (const ns of NAMESPACES) {
      expect(Object.keys(CATALOG[ns]).sort(), ns).toEqual([...LOCALES].sort());
      const ids = Object.keys(CATALOG[ns][DEFAULT_LOCALE]).sort();
      for (const locale of OTHERS) expect(Object.keys(CATALOG[ns][locale]).sort(), `${ns} in ${locale}`).toEqual(ids);
    }
  });

  it("parses every text, and each uses the same arguments as English", () => {
    const problems: string[] = [];
    for (const ns of NAMESPACES)
      for (const [id, english] of Object.entries(CATALOG[ns][DEFAULT_LOCALE])) {
        const expected = argumentsOf(parse(english, { ignoreTag: true }));
        for (const locale of OTHERS) {
          const text = CATALOG[ns][locale][id];
          if (text === undefined) continue; // the test above names it
          const found = argumentsOf(parse(text, { ignoreTag: true }));
          if (found.join() !== expected.join()) problems.push(`${ns}.${id} in ${locale}: ${found.join(", ")} ≠ ${expected.join(", ")}`);
        }
      }
    expect(problems).toEqual([]);
  });

  it("words every plural with the forms its language needs", () => {
    const problems: string[] = [];
    for (const ns of NAMESPACES)
      for (const locale of LOCALES)
        for (const [id, text] of Object.entries(CATALOG[ns][locale]))
          for (const options of pluralsOf(parse(text, { ignoreTag: true }))) {
            const missing = PLURAL_FORMS[locale].filter((alternatives) => !alternatives.some((form) => options.includes(form)));
            if (missing.length) problems.push(`${ns}.${id} in ${locale} lacks ${missing.map((a) => a.join(" or ")).join(", ")}`);
          }
    expect(problems).toEqual([]);
  });

  it("translates every text of more than one word (an English sentence on a German page is a missing translation)", () => {
    const untranslated: string[] = [];
    for (const ns of NAMESPACES)
      for (const [id, english] of Object.entries(CATALOG[ns][DEFAULT_LOCALE]))
        for (const locale of OTHERS)
          if (/\p{L}+\s+\p{L}+/u.test(english) && CATALOG[ns][locale][id] === english) untranslated.push(`${ns}.${id} in ${locale}`);
    expect(untranslated).toEqual([]);
  });

  it("isolates, in right-to-left languages, every argument that carries a name or a title (FSI…PDI)", () => {
    // A Latin name or an address inside an Arabic sentence would otherwise reorder the sentence's punctuation
    // around it ("مرحبًا، rtl-review@example.com!"); numbers and dates are formatted by the message itself.
    const user = /\{(name|title|email|q|term|author|category|video|chapter|value)\}/g;
    const bare: string[] = [];
    for (const locale of LOCALES.filter((l) => LOCALE_INFO[l].dir === "rtl"))
      for (const [ns, texts] of Object.entries(CATALOG))
        for (const [id, text] of Object.entries(texts[locale]))
          for (const m of text.matchAll(user))
            if (text[m.index - 1] !== "\u2068" || text[m.index + m[0].length] !== "\u2069") bare.push(`${locale} ${ns}.${id} ${m[0]}`);
    expect(bare).toEqual([]);
    expect(translate("ar", "account", "welcome", { name: "rtl-review@example.com" })).toBe("مرحبًا، \u2068rtl-review@example.com\u2069!");
  });

  it("sends the browser plain text for a text without arguments and a parsed message otherwise", () => {
    expect(parseMessage("Sign In")).toBe("Sign In");
    expect(parseMessage("It'll be '{'literal'}'")).toBe("It'll be {literal}");
    expect(Array.isArray(parseMessage("{count, plural, one {# view} other {# views}}"))).toBe(true);
    expect(namespaceTexts("de", "common")["common.signIn"]).toBe("Anmelden");
  });

  it("names a page's texts in its data and gives the browser one file per language and namespace", () => {
    // The page carries which texts it shows, not the texts (app/lib/texts.ts).
    expect(pageTexts("ar", ["common", "video"])).toEqual({ locale: "ar", namespaces: ["common", "video"] });
    const files = textFiles();
    expect(files).toHaveLength(LOCALES.length * Object.keys(CATALOG).length);
    const german = files.find((f) => f.locale === "de" && f.ns === "player");
    expect(JSON.parse(german?.json ?? "{}")).toEqual(namespaceTexts("de", "player"));
    expect(textsVersion()).toMatch(/^[0-9a-f]{12}$/);
  });

  it("formats plurals through each language's rules", () => {
    const counts = [0, 1, 2, 3, 11, 100].map((count) => translate("ar", "common", "suggestionsCount", { count }));
    expect(counts).toEqual(["لا توجد اقتراحات", "اقتراح واحد", "اقتراحان", "3 اقتراحات", "11 اقتراحًا", "100 اقتراح"]);
    expect([0, 1, 8].map((count) => translate("en", "common", "suggestionsCount", { count }))).toEqual([
      "No suggestions",
      "1 suggestion",
      "8 suggestions",
    ]);
    expect(translate("ja", "common", "suggestionsCount", { count: 1 })).toBe("1 件の候補");
  });
});
