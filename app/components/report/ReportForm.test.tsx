import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ReportPage from "~/routes/report";
import type { Locale } from "~core/locales";
import { translate } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import type { Route } from "../../routes/+types/report";
import { ReportForm } from "./ReportForm";

const render = (locale: Locale, element: ReactNode) =>
  renderToStaticMarkup(inPage(element, { locale, namespaces: ["common", "forms", "report"], path: "/report" }));

const target = { type: "video", id: "00000000-0000-4000-8000-000000000000" } as const;
const form = (errors: Parameters<typeof ReportForm>[0]["errors"]) => (
  <ReportForm target={target} values={{ reason: "", details: "" }} errors={errors} message={null} submitting={false} formToken="t" />
);
const page = (props: Pick<Route.ComponentProps, "loaderData" | "actionData">) => <ReportPage {...(props as Route.ComponentProps)} />;
const item = { target, title: "Neon Tide", path: `/video/${target.id}`, videoId: target.id, quote: null };

describe("the report form in the page's language", () => {
  it("words the reasons, the field messages and the button in English as before", () => {
    const html = render("en", form({ reason: "reasonRequired", details: "detailsTooLong" }));
    expect(html).toContain(">Depicts a real person without consent<");
    expect(html).toContain(">Choose a reason for your report.<");
    expect(html).toContain(">Details must be 2,000 characters or fewer.<");
    expect(html).toContain("where the original is. 0 / 2000");
    expect(html).toContain(">Send Report<");
  });

  it("words them in German and Arabic, and posts to the page's own address", () => {
    const de = render("de", form({ reason: "reasonRequired" }));
    expect(de).toContain(">Warum meldest du das?<");
    expect(de).toContain(">Könnte eine minderjährige Person betreffen<");
    expect(de).toContain(">Wähle einen Grund für deine Meldung.<");
    expect(de).toContain(">Meldung senden<");
    expect(de).toContain(`action="/de/report?video=${target.id}"`);
    const ar = render("ar", form({ details: "detailsTooLong" }));
    expect(ar).toContain(">لماذا تبلّغ عن هذا؟<");
    expect(ar).toContain(`>${translate("ar", "report", "detailsTooLong", { max: 2000 })}<`);
    expect(ar).toContain(">إرسال البلاغ<");
  });

  it("words Arabic's plural forms of the minutes to wait", () => {
    const minutes = [1, 2, 5, 30, 60].map((m) => translate("ar", "report", "rateLimited", { minutes: m }).split(" بعد ")[1]);
    expect(minutes).toEqual(["دقيقة واحدة.", "دقيقتين.", "5 دقائق.", "30 دقيقة.", "60 دقيقة."]);
  });

  it("puts the links of a sentence where each language puts them, at the page's addresses", () => {
    const de = render("de", page({ loaderData: { item, formToken: "t", intl: { locale: "de", namespaces: [] } }, actionData: undefined }));
    expect(de).toContain('Video: <a dir="auto" class="font-semibold text-zinc-100 underline" href="/de/video/');
    expect(de).toMatch(/Ein <a [^>]*href="\/de\/takedown"[^>]*>Löschantrag<\/a> wird innerhalb von 48 Stunden bearbeitet\./);
    expect(de).toMatch(/So gehen wir mit Meldungen um: <a [^>]*href="\/de\/trust"[^>]*>Vertrauen und Sicherheit<\/a>\./);
    const en = render("en", page({ loaderData: { item, formToken: "t", intl: { locale: "en", namespaces: [] } }, actionData: undefined }));
    expect(en).toMatch(/consent\? A <a [^>]*href="\/takedown"[^>]*>takedown request<\/a> is answered within 48 hours\. How we handle/);
  });

  it("confirms a report with its reference in the page's language", () => {
    const sent = { state: "sent", reference: "R-7K3P9", hidden: false, back: { path: "/ar/playlists/x", kind: "playlist" } } as const;
    const ar = render("ar", page({ loaderData: { item: null, formToken: "", intl: { locale: "ar", namespaces: [] } }, actionData: sent }));
    expect(ar).toContain(">شكرًا لك، تم استلام بلاغك<");
    expect(ar).toContain('رقمك المرجعي هو <strong class="font-mono text-lg tracking-wide text-white">R-7K3P9</strong>.');
    expect(ar).toMatch(/href="\/ar\/playlists\/x"[^>]*>العودة إلى قائمة التشغيل<\/a>/);
  });
});
