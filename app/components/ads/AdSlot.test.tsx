import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~core/locales";
import { site } from "~core/site";
import { translate } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import { AdSlot } from "./AdSlot";
import { AdsProvider } from "./AdsProvider";

/** A banner slot with an active unit and no ad network: the house banner is in the server's HTML. */
const render = (locale: Locale) =>
  renderToStaticMarkup(
    inPage(
      <AdsProvider initialConfig={{ Med_Rect_1: { id: "u1", isActive: true, zoneId: "z1", duration: 0 } }} scriptUrl={null}>
        <AdSlot name="Med_Rect_1" />
      </AdsProvider>,
      { locale },
    ),
  );

describe("a banner slot in the page's language", () => {
  it("keeps its English", () => {
    const html = render("en");
    expect(html).toContain('aria-label="Advertisement"');
    // The banner's name for screen readers; its drawn words (the name and the line) are hidden from them.
    expect(html).toContain(`<span class="sr-only">${site.name}, ${site.tagline} (advertisement, opens in a new tab)</span>`);
    expect(html).toContain(`<span aria-hidden="true" class="font-extrabold leading-none text-white text-[38px]">${site.name}</span>`);
    expect(html).not.toContain("<img");
    expect(html).toContain('href="/"');
  });

  it("speaks German and Arabic, and its house banner links the home page in that language", () => {
    const de = render("de");
    expect(de).toContain('aria-label="Werbung"');
    expect(de).toContain(`>${site.name}, Deine KI-Lustzone (Werbung, öffnet in einem neuen Tab)</span>`);
    expect(de).toContain(">Deine KI-Lustzone</span>");
    expect(de).toContain('href="/de"');
    const ar = render("ar");
    expect(ar).toContain('aria-label="إعلان"');
    const tagline = translate("ar", "common", "tagline");
    expect(ar).toContain(`>${site.name}، ${tagline} (إعلان، يُفتح في علامة تبويب جديدة)</span>`);
  });
});
