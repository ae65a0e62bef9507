import fs from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES } from "../../core/locales";
import { site } from "../../core/site";
import { getPage, isPageName, PAGE_NAMES, pageFile, parsePage } from "./pages";

describe("parsePage", () => {
  it("reads frontmatter, fills placeholders and splits sections", () => {
    const page = parsePage(
      "career",
      "---\ntitle: Careers at {siteName}\ndescription: Join us\n---\n\nIntro {email}.\n\n## One\n\nBody by {legalEntity} {unknown}\n",
      {
        email: "jobs@example.com",
        legalEntity: "Example Ltd",
        siteName: "Example",
      },
    );
    expect(page).toEqual({
      name: "career",
      locale: "en",
      title: "Careers at Example",
      description: "Join us",
      body: "Intro jobs@example.com.\n\n## One\n\nBody by Example Ltd {unknown}",
      intro: "Intro jobs@example.com.",
      sections: [{ heading: "One", body: "Body by Example Ltd {unknown}" }],
    });
  });

  it("falls back to the page name without a title", () => {
    expect(parsePage("faq", "no frontmatter").title).toBe("faq");
  });
});

describe("content/pages", () => {
  it("knows exactly the five markdown pages", () => {
    expect(PAGE_NAMES).toEqual(["values", "career", "terms", "privacy", "faq"]);
    expect(isPageName("terms")).toBe(true);
    expect(isPageName("../etc/passwd")).toBe(false);
  });

  it("every page has a title, a description and no unfilled placeholders", async () => {
    for (const name of PAGE_NAMES) {
      const page = await getPage(name);
      expect(page.title, name).not.toBe(name);
      expect(page.description.length, name).toBeGreaterThan(50);
      expect(page.body, name).not.toMatch(/\{(email|legalEntity)\}/);
    }
  });

  it("Our Values lists the five values", async () => {
    const page = await getPage("values");
    expect(page.title).toBe("Our Values");
    expect(page.sections.map((s) => s.heading)).toEqual([
      "Innovation First",
      "Ethical by Design",
      "Creativity Without Limits",
      "Privacy & Freedom",
      "Community-Driven Growth",
    ]);
  });

  it("Career has no open positions and gives the contact address", async () => {
    const page = await getPage("career");
    expect(page.body).toMatch(/do not have any open positions/);
    expect(page.body).toContain(`[${site.contactEmail}](mailto:${site.contactEmail})`);
  });

  it("Terms: last updated 26.08.2025, 14 numbered sections in SPEC order, Polish law", async () => {
    const page = await getPage("terms");
    expect(page.intro).toMatch(/^Last updated: 26\.08\.2025/);
    expect(page.intro).toContain(site.legalEntity);
    expect(page.sections.map((s) => s.heading)).toEqual([
      "1. Eligibility and Age",
      "2. Nature of Content",
      "3. User Conduct",
      "4. Accounts and Memberships",
      "5. Payments, Tokens and Virtual Currency",
      "6. Intellectual Property",
      "7. User-Generated Content",
      "8. Privacy",
      "9. Disclaimer",
      "10. Limitation of Liability",
      "11. Termination",
      "12. Changes to the Terms",
      "13. Governing Law",
      "14. Contact",
    ]);
    expect(page.sections[12]?.body).toMatch(/laws of Poland/);
    expect(page.sections[13]?.body).toContain(`mailto:${site.contactEmail}`);
  });

  it("Privacy: last updated 26.08.2025 and the 10 sections", async () => {
    const page = await getPage("privacy");
    expect(page.intro).toMatch(/^Last updated: 26\.08\.2025/);
    expect(page.sections.map((s) => s.heading.replace(/^\d+\.\s+/, ""))).toEqual([
      "Data We Collect",
      "How We Use Your Data",
      "Third Parties",
      "Your Rights",
      "Security",
      "Age Restriction",
      "Data Retention",
      "International Transfers",
      "Changes to This Policy",
      "Contact",
    ]);
    const third = page.sections[2]?.body ?? "";
    for (const word of ["Analytics", "Advertising networks", "Payment processors"]) expect(third).toContain(word);
    expect(page.sections[3]?.body).toMatch(/GDPR[\s\S]*CCPA/);
  });

  it("FAQ: the eight SPEC questions plus business model, tokens and roadmap", async () => {
    const page = await getPage("faq");
    const questions = page.sections.map((s) => s.heading);
    expect(questions.length).toBeGreaterThanOrEqual(11);
    for (const q of [
      /what is pleazure/i,
      /real/i,
      /legal/i,
      /account/i,
      /different/i,
      /content is available/i,
      /create my own ai characters/i,
      /privacy/i,
      /make money/i,
      /\$PLEAZ and \$PZN/,
      /roadmap/i,
    ]) {
      expect(
        questions.some((h) => q.test(h)),
        String(q),
      ).toBe(true);
    }
    for (const s of page.sections) expect(s.heading.endsWith("?"), s.heading).toBe(true);
  });
});

describe('content/pages in every language (docs/i18n.md "Content")', () => {
  const OTHERS = LOCALES.filter((l) => l !== DEFAULT_LOCALE);
  const links = (body: string) => [...body.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("has every page in every language, shaped like the English one, linking the language's pages", async () => {
    for (const name of PAGE_NAMES) {
      const english = await getPage(name);
      for (const locale of OTHERS) {
        const page = await getPage(name, locale);
        const what = `${name} in ${locale}`;
        expect(page.locale, what).toBe(locale);
        expect(page.title, what).not.toBe(english.title);
        expect(page.description.length, what).toBeGreaterThan(30);
        expect(page.body, what).not.toMatch(/\{(email|legalEntity|siteName)\}/);
        expect(page.sections.length, what).toBe(english.sections.length);
        // The same links, a site page's at its address in the language (`/de/privacy`), e-mail as it is.
        const own = links(page.body);
        expect(own.length, what).toBe(links(english.body).length);
        for (const href of own.filter((h) => h.startsWith("/")))
          expect(href, what).toMatch(new RegExp(`^/${LOCALE_INFO[locale].segment}/`));
        if (name === "faq") for (const s of page.sections) expect(s.heading, what).toMatch(/[?？؟]$/);
        if (name === "terms" || name === "privacy") {
          expect(page.intro, what).toContain("26.08.2025");
          expect(page.intro, what).toContain(site.legalEntity);
          expect(
            page.sections.map((s) => s.heading.match(/^\d+\./)?.[0]),
            what,
          ).toEqual(english.sections.map((s) => s.heading.match(/^\d+\./)?.[0]));
        }
      }
    }
  });

  it("falls back to English, saying so, where a language has no file of a page", async () => {
    const read = fs.readFile;
    vi.spyOn(fs, "readFile").mockImplementation(((file: string, options: BufferEncoding) =>
      file === pageFile("career", "ja")
        ? Promise.reject(Object.assign(new Error("no such file"), { code: "ENOENT" }))
        : read(file, options)) as typeof fs.readFile);
    const page = await getPage("career", "ja");
    expect(page.locale).toBe("en");
    expect(page.title).toBe("Careers");
    expect((await getPage("career", "de")).locale).toBe("de");
  });
});
