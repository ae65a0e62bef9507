import { useEffect, useRef, useState } from "react";
import { afterLoadAndIdle } from "~/lib/after-load";
import { useMessages, usePaths } from "~/lib/i18n";
import { useStylesShownLater } from "~/lib/later-styles";
import { AD_LOAD_TIMEOUT_MS, type AdSlotName, adScriptSrc, isBillboard, slotIsShown } from "~core/ad-units";
import { site } from "~core/site";
import { useAds } from "./AdsProvider";

export type { AdSlotName };

/** waiting: the network's script is (about to be) loading; rendered: it put something in; fallback: our banner. */
type AdState = "waiting" | "rendered" | "fallback";

/**
 * One banner slot (docs/product.md "Ad slots"). An active unit keeps a fixed box, rendered on the server
 * from the unit state, so nothing shifts when the ad arrives; an inactive or missing unit renders nothing
 * at all. The ad network's script for the unit's zone is injected after the page has loaded and the
 * browser is idle (never in the way of the first render or LCP). If the script fails, or nothing has
 * rendered after 4 s, our static banner takes the box. Billboard_1 starts its 4 s as soon as it is active.
 * Without an ad network configured, the banner is in the server's HTML: nothing waits for it, and as a
 * large box it may be the page's LCP (measured on the search page: 2.6 s when it came after load). The
 * banner is markup, not a picture (`HouseBanner`).
 */
export function AdSlot({ name }: { name: AdSlotName }) {
  const { config, scriptUrl, visible } = useAds();
  const unit = config[name];
  if (!unit || !slotIsShown(config, name, visible)) return null;
  // Keyed by zone: a new zone starts over with a fresh box.
  return <FilledSlot key={unit.zoneId} name={name} zoneId={unit.zoneId} scriptUrl={scriptUrl} />;
}

// The house banner's classes: shown later when an ad network fails, so declared for the page's cut sheet.
const FALLBACK_LINK_CLASS =
  "absolute inset-0 flex flex-col items-center justify-center gap-2 px-4 text-center focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white";
const BANNER_NAME_CLASS = "font-extrabold leading-none text-white";
const BANNER_LINE_CLASS = "leading-snug text-pink-50";
// Each kind's gradient, in one declaration of its own (Tailwind's gradient utilities bring a dozen custom properties
// into the page's sheet), and the sizes of its name and line.
const BANNER = {
  billboard: { background: "linear-gradient(to right, #9d174d, #86198f 55%, #3730a3)", name: "text-[46px]", line: "text-2xl" },
  rect: { background: "linear-gradient(to bottom right, #9d174d, #86198f 55%, #3730a3)", name: "text-[38px]", line: "text-base" },
} as const;

/**
 * Our own banner, shown when no ad network answers (docs/product.md "Ad slots"): the site's name and its line in
 * the page's language, drawn as text on a gradient. It comes in the server's HTML, so nothing arrives after the
 * first paint; as markup rather than an SVG picture it costs the browser no document of its own (each SVG image
 * with text was a page to build and lay out: 4 of them took home 120 ms of a throttled phone's main thread while
 * it parsed, docs/benchmarks.md "Issue 35: house banners as markup"). The name screen readers hear is the
 * picture's former alt text; the drawn words are hidden from them, as a picture's were.
 */
function HouseBanner({ billboard }: { billboard: boolean }) {
  const t = useMessages("common");
  const paths = usePaths();
  const tagline = t("tagline");
  const kind = BANNER[billboard ? "billboard" : "rect"];
  return (
    <a
      href={paths.home()}
      target="_blank"
      rel="noopener"
      className={FALLBACK_LINK_CLASS}
      style={{ backgroundImage: kind.background }}
      data-ad-fallback=""
    >
      <span className="sr-only">{t("adHouseBanner", { site: site.name, tagline })}</span>
      <span aria-hidden="true" className={`${BANNER_NAME_CLASS} ${kind.name}`}>
        {site.name}
      </span>
      <span aria-hidden="true" className={`${BANNER_LINE_CLASS} ${kind.line}`}>
        {billboard ? t("houseBannerLine", { tagline }) : tagline}
      </span>
    </a>
  );
}

function FilledSlot({ name, zoneId, scriptUrl }: { name: AdSlotName; zoneId: string; scriptUrl: string | null }) {
  const t = useMessages("common");
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<AdState>(scriptUrl ? "waiting" : "fallback");
  const billboard = isBillboard(name);
  useStylesShownLater(FALLBACK_LINK_CLASS, BANNER_NAME_CLASS, BANNER_LINE_CLASS, ...Object.values(BANNER).flatMap((k) => [k.name, k.line]));

  useEffect(() => {
    const box = container.current;
    if (!box || !scriptUrl) return; // no ad network: the house banner is already in place
    let settled = false;
    let timer: number | undefined;
    const settle = (next: AdState) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      setState(next);
    };
    const startTimer = () => {
      if (timer === undefined) timer = window.setTimeout(() => settle("fallback"), AD_LOAD_TIMEOUT_MS);
    };
    if (name === "Billboard_1") startTimer();
    // Anything the network's script adds besides itself counts as a rendered ad.
    const observer = new MutationObserver(() => {
      if ([...box.children].some((el) => el.tagName !== "SCRIPT")) settle("rendered");
    });
    observer.observe(box, { childList: true, subtree: true });
    const cancelWait = afterLoadAndIdle(() => {
      startTimer();
      const script = document.createElement("script");
      script.async = true;
      script.src = adScriptSrc(scriptUrl, zoneId);
      script.onerror = () => settle("fallback");
      box.append(script);
    });
    return () => {
      cancelWait();
      window.clearTimeout(timer);
      observer.disconnect();
      box.replaceChildren(); // the network's output belongs to this zone only
    };
  }, [name, zoneId, scriptUrl]);

  return (
    <aside
      aria-label={t("adLabel")}
      data-ad-slot={name}
      data-ad-state={state}
      className={
        billboard
          ? "relative col-span-full h-[250px] w-full overflow-hidden rounded-xl bg-ink-900/40"
          : "relative mb-[30px] h-[250px] w-[300px] max-w-full shrink-0 overflow-hidden rounded-xl bg-ink-900/40"
      }
    >
      {/* The ad network writes into this box; React never renders children into it. */}
      <div ref={container} data-zone-id={zoneId} className="flex h-full w-full items-center justify-center" />
      {state === "fallback" && <HouseBanner billboard={billboard} />}
    </aside>
  );
}
