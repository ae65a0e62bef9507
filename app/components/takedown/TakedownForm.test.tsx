import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { translate } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import { type TakedownFailure, TakedownForm } from "./TakedownForm";
import { TakedownSuccess } from "./TakedownSuccess";

const render = (locale: Locale, element: ReactNode) =>
  renderToStaticMarkup(inPage(element, { locale, namespaces: ["common", "forms", "takedown"], path: "/takedown" }));

const failure: TakedownFailure = {
  state: "failed",
  errors: { kind: "kindRequired", urls: "urlsTooMany", goodFaith: "goodFaithRequired" },
  message: "A message the action worded.",
  values: { kind: "", name: "Ana", email: "ana@example.com", urls: "", description: "", goodFaith: "", signature: "" },
  formToken: "token",
};
const form = <TakedownForm formToken="token" prefillUrl="" failure={failure} submitting={false} />;

describe("the takedown form in the page's language", () => {
  it("words labels and field messages in English as before", () => {
    const html = render("en", form);
    expect(html).toContain(">Choose what the request is about<");
    expect(html).toContain(">Enter at most 20 addresses<");
    expect(html).toContain(">Intimate imagery of a real person without their consent<");
    expect(html).toContain(">I state in good faith that the material identified above is used without the consent");
    expect(html).toContain(">Send request<");
    expect(html).toContain(">A message the action worded.<");
  });

  it("words them in German and Arabic, and posts to the page's own address", () => {
    const de = render("de", form);
    expect(de).toContain('action="/de/takedown"');
    expect(de).toContain(">Worum geht es in deinem Antrag?<");
    expect(de).toContain(">Gib höchstens 20 Adressen ein<");
    expect(de).toContain(">Bestätige die Erklärung in gutem Glauben<");
    expect(de).toContain(">Antrag senden<");
    const ar = render("ar", form);
    expect(ar).toContain(">أدخل 20 عنوانًا كحد أقصى<");
    expect(ar).toContain(">انتهاك حقوق النشر<");
    expect(ar).toContain(">إرسال الطلب<");
  });

  it("states the 48 hours after a request in the page's language", () => {
    expect(render("en", <TakedownSuccess reference="TD-ABCD-EFGH" />)).toContain(
      "We have e-mailed you a confirmation. We act on valid requests within 48 hours and will write to you with the outcome.",
    );
    const de = render("de", <TakedownSuccess reference="TD-ABCD-EFGH" />);
    expect(de).toContain(">Antrag eingegangen<");
    expect(de).toContain("innerhalb von 48 Stunden");
    expect(de).toContain('action="/de/takedown"');
    expect(render("ar", <TakedownSuccess reference="TD-ABCD-EFGH" />)).toContain("خلال 48 ساعة وسنراسلك بالنتيجة.");
  });

  it("words the hours with Arabic's plural forms", () => {
    const hours = [1, 2, 3, 11, 48, 100].map(
      (h) => translate("ar", "takedown", "sentText", { hours: h }).split(" خلال ")[1]?.split(" وسنراسلك")[0],
    );
    expect(hours).toEqual(["ساعة واحدة", "ساعتين", "3 ساعات", "11 ساعة", "48 ساعة", "100 ساعة"]);
    expect(translate("ja", "takedown", "sentText", { hours: 48 })).toContain("48 時間以内");
  });
});
