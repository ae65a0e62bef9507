import { LOCALE_INFO, LOCALES, localizePath } from "../../core/locales";
import { paths, pathsIn } from "../../core/paths";
import { signedIn, uniqueEmail } from "../support/account-session";
import { expect, expectNoShift, freshGet, holdWholeSheet, hydrated, test } from "./support";

/**
 * The seven languages (docs/i18n.md): each page at its own address in each language with its `lang` and `dir`,
 * hreflang on every version and in every language's sitemap, the language menu on every page, and nothing
 * negotiated: a visitor's Accept-Language never changes the page an address serves.
 */

test("each language has its own address, lang and dir, the layout in its words, and links in its addresses", async ({ page, baseURL }) => {
  await page.goto(pathsIn("de").home());
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("link", { name: "Anmelden" })).toHaveAttribute("href", /^\/de\/login/);
  await expect(page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/de/blog");
  await expect(page.locator("footer")).toContainText("Alle Videos sind KI-generiert. Keine echten Darsteller.");

  await page.goto(pathsIn("ar").home());
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("link", { name: "تسجيل الدخول" })).toBeVisible();

  // An address whose first segment names no language is not a page.
  for (const path of ["/xx", "/en/faq", "/de/admin", "/pt-BR/faq"]) expect((await freshGet(`${baseURL}${path}`)).status, path).toBe(404);
});

test("every version lists all of them with hreflang and x-default, its canonical in its own language, og:locale", async ({ page }) => {
  await page.goto(pathsIn("ja").faq());
  const origin = new URL(page.url()).origin;
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", `${origin}/ja/faq`);
  const alternates = await page
    .locator("link[rel=alternate][hreflang]")
    .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]));
  expect(Object.fromEntries(alternates)).toEqual({
    ...Object.fromEntries(LOCALES.map((l) => [l, `${origin}${pathsIn(l).faq()}`])),
    "x-default": `${origin}${paths.faq()}`,
  });
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "ja_JP");
});

test("the language menu is on every page, reachable by keyboard, and opens the same page in another language", async ({ page }) => {
  await page.goto(`${paths.search({ q: "aurora" })}`);
  const menu = page.getByRole("navigation", { name: "Language" });
  const french = menu.getByRole("link", { name: LOCALE_INFO.fr.name });
  await expect(french).toHaveAttribute("href", "/fr/search?q=aurora");
  await expect(french).toHaveAttribute("lang", "fr");
  await expect(menu.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
  await french.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/fr\/search\?q=aurora$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "Français" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  // A client-side navigation into another language brings that language's layout texts.
  await page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: LOCALE_INFO.es.name }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
});

test("Accept-Language never changes what an address serves, and the page cache keeps one copy per language", async ({ baseURL }) => {
  const get = (path: string, language: string) =>
    fetch(`${baseURL}${path}`, { headers: { "accept-language": language, cookie: "ageVerified=true" }, redirect: "manual" });
  for (const language of ["de-DE,de;q=0.9", "ar", "ja-JP"]) {
    const response = await get(paths.faq(), language);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="en" dir="ltr">');
  }
  // Hits come from the cache under each address: the German page stays German whatever the visitor's language.
  const served = async (path: string, language: string) => {
    const response = await get(path, language);
    return { cache: response.headers.get("x-page-cache"), html: (await response.text()).slice(0, 300) };
  };
  const german = [await served(pathsIn("de").faq(), "en-US"), await served(pathsIn("de").faq(), "ar")];
  expect(german.map((r) => r.html.includes('<html lang="de" dir="ltr">'))).toEqual([true, true]);
  expect(german[1]?.cache).toBe("hit");
  const english = await served(paths.faq(), "de");
  expect(english.cache).toBe("hit");
  expect(english.html).toContain('<html lang="en" dir="ltr">');
});

test("each language's sitemap lists its addresses with every version, and robots.txt names them all", async ({ baseURL }) => {
  const robots = await (await fetch(`${baseURL}${paths.robots()}`)).text();
  for (const locale of LOCALES) {
    expect(robots).toContain(`Sitemap: ${baseURL}${pathsIn(locale).sitemap()}`);
    expect(robots).toContain(`Disallow: ${pathsIn(locale).login()}`);
  }
  const sets = new Map<string, string>();
  for (const locale of LOCALES) {
    const xml = await (await fetch(`${baseURL}${pathsIn(locale).sitemap()}`)).text();
    const faq = new RegExp(`<url><loc>${baseURL}${localizePath(locale, paths.faq())}</loc>(.*?)</url>`).exec(xml);
    expect(faq, locale).not.toBeNull();
    const links = [...(faq?.[1] ?? "").matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(links).toContain(`${locale} ${baseURL}${localizePath(locale, paths.faq())}`);
    expect(links).toContain(`x-default ${baseURL}${paths.faq()}`);
    sets.set(locale, links.sort().join("\n"));
  }
  // Reciprocal: every language's entry names the same set of versions.
  expect(new Set(sets.values()).size).toBe(1);
});

test.describe("a visitor whose browser speaks German", () => {
  test.use({ locale: "de-DE" });

  test("is offered the German page in German, never sent there, and the answer is remembered", async ({ page }) => {
    await page.goto(paths.faq());
    await expect(page).toHaveURL(/\/faq$/);
    const offer = page.getByRole("region", { name: "Sprache" });
    await expect(offer).toContainText("Diese Seite gibt es auch auf Deutsch.");
    await expect(offer).toHaveAttribute("lang", "de");
    await offer.getByRole("button", { name: "Nein, danke" }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("language-offer")).toHaveCount(0);

    // Choosing German in the menu is remembered too: on an English page German is offered again, and on a German page nothing.
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/faq$/);
    await expect(page.getByTestId("language-offer")).toHaveCount(0);
    await page.goto(paths.terms());
    await page.getByRole("region", { name: "Sprache" }).getByRole("link", { name: "Auf Deutsch ansehen" }).click();
    await expect(page).toHaveURL(/\/de\/terms$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("the offer waits for the whole stylesheet, and moves nothing when it comes", async ({ page }) => {
    // Its classes are in no page's cut sheet: shown before the whole one, it sat unstyled below the footer and
    // jumped to the window's bottom when the sheet landed (a layout shift of 0.16 in Lighthouse, docs/benchmarks.md).
    const wholeSheet = await holdWholeSheet(page);
    await page.goto(paths.category("amateur"));
    await hydrated(page);
    await page.waitForTimeout(1_500); // time enough for its code and texts, had it not waited
    await expect(page.getByTestId("language-offer")).toHaveCount(0);
    await wholeSheet.release();
    const offer = page.getByRole("region", { name: "Sprache" });
    await expect(offer).toBeVisible();
    await expect(offer).toHaveCSS("position", "fixed");
    await expectNoShift(page);
  });
});

test("a signed-in user's language follows them: saved in settings, remembered here, offered on their other browsers", async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("language");
  const first = await signedIn(browser, baseURL, email, paths.settings());
  await first.page.getByLabel(/The language we offer you/).selectOption("de");
  await first.page.getByRole("region", { name: "Language", exact: true }).getByRole("button", { name: "Save" }).click();
  await expect(first.page).toHaveURL(/\/de\/settings$/);
  await expect(first.page.getByRole("region", { name: "Sprache", exact: true }).getByRole("combobox")).toHaveValue("de");
  expect((await first.context.cookies()).find((c) => c.name === "lang")?.value).toBe("de");

  // Another browser of the same account, in English, is offered German on a shared page.
  const second = await signedIn(browser, baseURL, email, paths.faq());
  await expect(second.page.getByRole("region", { name: "Sprache" })).toContainText("Diese Seite gibt es auch auf Deutsch.");
  await first.context.close();
  await second.context.close();
});
