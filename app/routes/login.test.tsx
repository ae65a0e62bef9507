import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { inPage } from "../../tests/support/in-page";
import type { Route } from "./+types/login";
import Login, { type LoginActionData } from "./login";

/** The sign-in page as `locale`'s address shows it, coming from `redirectTo`, after `actionData` when given. */
function render(locale: Locale, redirectTo: string, actionData?: LoginActionData): string {
  const loaderData = { googleEnabled: true, redirectTo, error: null, formToken: "token" };
  const props = { loaderData, actionData } as unknown as Route.ComponentProps;
  return renderToString(inPage(<Login {...props} />, { locale, namespaces: ["common", "auth"], path: "/login" }));
}

describe("the sign-in page", () => {
  it("speaks German, and its way back to the first step keeps the page to return to", () => {
    const first = render("de", "/de/favorites");
    expect(first).toContain("Bei deinem Konto anmelden");
    expect(first).toContain("Mit Google anmelden");
    expect(first).toContain("Anmeldecode per E-Mail senden");
    const notice = "Wir haben einen 6-stelligen Code an ada@example.com gesendet. Er läuft in 5 Minuten ab.";
    const second = render("de", "/de/favorites", { step: "code", email: "ada@example.com", error: null, notice });
    expect(second).toContain(notice);
    expect(second).toContain('href="/de/login?redirectTo=%2Fde%2Ffavorites"');
    expect(second).toContain("Andere E-Mail-Adresse verwenden oder neuen Code anfordern");
    // Coming from the language's home page needs no parameter.
    expect(render("de", "/de", { step: "code", email: "ada@example.com", error: null, notice })).toContain('href="/de/login"');
  });

  it("speaks Arabic, with the address and the code left to right", () => {
    const html = render("ar", "/ar");
    expect(html).toContain("تسجيل الدخول إلى حسابك");
    expect(html).toContain("أو عبر البريد الإلكتروني");
    expect(html).toMatch(/<input id="login-email"[^>]*dir="ltr"/);
    const code = render("ar", "/ar", { step: "code", email: "ada@example.com", error: null, notice: null });
    expect(code).toMatch(/<input id="login-code"[^>]*dir="ltr"/);
    expect(code).toContain("رمز من 6 أرقام");
  });
});
