import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { translate } from "../../server/i18n/catalog";
import { inPage } from "../../tests/support/in-page";
import TrustPage from "./trust";

const figures = {
  windowDays: 30,
  from: "2026-04-01T00:00:00.000Z",
  to: "2026-05-01T00:00:00.000Z",
  reportsByReason: [
    { reason: "minor", count: 2 },
    { reason: "spam", count: 1 },
  ],
  reportsReceived: 3,
  decisions: { removed: 1, kept: 1 },
  commentsRemoved: 0,
  reportHandling: { decided: 2, medianSeconds: 3600, worstSeconds: 7200 },
  videosRemoved: 1,
  takedowns: { received: 1, removed: 0, rejected: 0, medianSeconds: null, worstSeconds: null, overdueOpen: 0 },
  ageCountries: [],
  waits: { reportMedian: "1 h 0 min", reportWorst: "2 h 0 min", takedownMedian: "none decided", takedownWorst: "none decided" },
};

const Page = TrustPage as unknown as (props: { loaderData: typeof figures }) => ReactNode;
const render = (locale: Locale) =>
  renderToStaticMarkup(inPage(<Page loaderData={figures} />, { locale, namespaces: ["common", "trust", "report"], path: "/trust" }));

describe("the transparency page in other languages", () => {
  it("keeps English as it was", () => {
    const html = render("en");
    expect(html).toContain("Trust and Safety</h1>");
    expect(html).toMatch(/send a <a [^>]*href="\/takedown"[^>]*>takedown request<\/a>\. We confirm/);
    expect(html).toContain("within <strong>48 hours</strong>");
    expect(html).toContain("The last 30 days in figures");
    expect(html).toContain("From 1 April 2026 to 1 May 2026, counted");
    expect(html).toContain('Reports received: <span data-figure="reports-received">3</span>');
    expect(html).toContain("May involve a minor");
  });

  it("speaks German, with German links and dates", () => {
    const html = render("de");
    expect(html).toContain("Vertrauen und Sicherheit</h1>");
    expect(html).toMatch(/stelle einen <a [^>]*href="\/de\/takedown"[^>]*>Löschantrag<\/a>\./);
    expect(html).toContain("<strong>48 Stunden</strong>");
    expect(html).toContain("Die letzten 30 Tage in Zahlen");
    expect(html).toContain("Vom 1. April 2026 bis zum 1. Mai 2026");
    expect(html).toContain('Eingegangene Meldungen: <span data-figure="reports-received">3</span>');
    expect(html).toContain("Könnte eine minderjährige Person betreffen");
  });

  it("speaks Arabic, with its plural forms", () => {
    const html = render("ar");
    expect(html).toContain("الثقة والأمان</h1>");
    expect(html).toContain("آخر 30 يومًا بالأرقام");
    expect(html).toContain('href="/ar/takedown"');
    // The reasons in the report form's words (namespace `report`): one map for both pages.
    expect(html).toContain(`>${translate("ar", "report", "reasonMinor")}<`);
    expect(html).toContain(`>${translate("ar", "report", "reasonSpam")}<`);
    expect([1, 2, 3, 48].map((hours) => translate("ar", "trust", "takedownDeadline", { hours }))).toEqual([
      "ساعة واحدة",
      "ساعتين",
      "3 ساعات",
      "48 ساعة",
    ]);
  });
});
