import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { inPage } from "../../../tests/support/in-page";
import { type ContactFailure, ContactForm } from "./ContactForm";
import { ContactSuccess } from "./ContactSuccess";

const render = (locale: Locale, element: ReactNode) =>
  renderToStaticMarkup(inPage(element, { locale, namespaces: ["common", "forms", "contact"], path: "/contact" }));

/** What the action answers to a form it refused: the field messages as ids, worded by the page. */
const failure: ContactFailure = {
  state: "failed",
  errors: { name: "nameTooShort", message: "messageTooLong" },
  message: null,
  values: { name: "A", email: "ada@example.com", subject: "Hello", message: "m".repeat(1001) },
  formToken: "token",
};

describe("the contact form in the page's language", () => {
  it("words labels, field messages and the button in English as docs/product.md quotes them", () => {
    const html = render("en", <ContactForm formToken="token" failure={failure} submitting={false} />);
    expect(html).toContain('aria-label="Contact form"');
    expect(html).toContain(">Name must be at least 2 characters<");
    expect(html).toContain(">Message must be less than 1000 characters<");
    expect(html).toContain(">Send Message<");
    expect(html).toContain('<span class="sr-only"> characters</span>');
  });

  it("words them in German", () => {
    const html = render("de", <ContactForm formToken="token" failure={failure} submitting={false} />);
    expect(html).toContain('aria-label="Kontaktformular"');
    expect(html).toContain(">Betreff<");
    expect(html).toContain(">Der Name muss mindestens 2 Zeichen lang sein<");
    expect(html).toContain(">Die Nachricht darf höchstens 1000 Zeichen lang sein<");
    expect(html).toContain(">Nachricht senden<");
    expect(render("de", <ContactForm formToken="token" submitting />)).toContain(">Wird gesendet …<");
  });

  it("words them in Arabic, the counter's unit agreeing with the limit", () => {
    const html = render("ar", <ContactForm formToken="token" failure={failure} submitting={false} />);
    expect(html).toContain('aria-label="نموذج الاتصال"');
    expect(html).toContain(">يجب أن يتكون الاسم من حرفين على الأقل<");
    expect(html).toContain(">إرسال الرسالة<");
    expect(html).toContain('<span class="sr-only"> حرف</span>'); // 1000: the singular after a round hundred
  });

  it("says thank you in the page's language and links the form again at the page's own address", () => {
    expect(render("en", <ContactSuccess />)).toContain("Thank You!");
    const de = render("de", <ContactSuccess />);
    expect(de).toContain(">Vielen Dank!<");
    expect(de).toContain('action="/de/contact"');
    expect(render("ar", <ContactSuccess />)).toContain(">إرسال رسالة أخرى<");
  });
});
