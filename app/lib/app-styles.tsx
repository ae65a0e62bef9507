import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { useNavigation } from "react-router";

/**
 * The site's stylesheet (Tailwind output, cut to each page's rules) is inlined into every production page instead of
 * linked: a linked stylesheet blocks the first paint until one more request completes, and on a slow mobile
 * connection that request queues behind the page's script preloads (measured with Lighthouse, see
 * docs/benchmarks.md). entry.server provides the CSS text; in development the stylesheet is linked as usual.
 */
export const InlineCssContext = createContext<string>("");

// In the browser, hydration must render the same <style> the server sent: read its text once, before React runs.
const hydratedCss =
  typeof document === "undefined" ? "" : (document.querySelector<HTMLStyleElement>("style[data-app-css]")?.textContent ?? "");

/**
 * The server cuts the inline sheet to the rules of the page's markup (app/lib/page-sink.server.ts), so what script
 * shows later (an opened menu, the next route) needs the whole one, from its cached file, linked right after the
 * inline one: each rule of the cut sheet is in the whole one, later, so every element's styles come out as the
 * whole sheet's. (Not with React's `precedence`: React would put it first in <head>, before the cut sheet.)
 */
export function AppStyles({ href }: { href: string }) {
  const css = useContext(InlineCssContext) || hydratedCss;
  const wanted = useWholeSheetWanted();
  if (!css) return <link rel="stylesheet" href={href} />;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's stylesheet, compiled into the server bundle */}
      <style data-app-css="" dangerouslySetInnerHTML={{ __html: css }} />
      {wanted && <link rel="stylesheet" href={href} onLoad={wholeSheetSettled} onError={wholeSheetSettled} />}
    </>
  );
}

// Without an inline sheet (development) the linked one is the whole sheet, and it blocked the first paint.
let wholeSheetHere = typeof document !== "undefined" && !hydratedCss;
const onWholeSheet = new Set<() => void>();

function wholeSheetSettled(): void {
  if (wholeSheetHere) return;
  wholeSheetHere = true;
  for (const listener of onWholeSheet) listener();
}

/**
 * Whether the whole sheet styles the page now (or failed to arrive, so nothing better is coming). Markup that script
 * shows by itself, not at a press, and that no component declares with `useStylesShownLater`, waits for it: shown
 * before, with the cut sheet's rules only, it sits unstyled in the page's flow and jumps into place when the sheet
 * lands (the language offer did: a layout shift of 0.16 in one Lighthouse run of five, docs/benchmarks.md).
 */
export function useWholeSheetHere(): boolean {
  return useSyncExternalStore(
    (listener) => {
      onWholeSheet.add(listener);
      return () => onWholeSheet.delete(listener);
    },
    () => wholeSheetHere,
    () => false,
  );
}

/**
 * When to fetch the whole sheet: once the page has loaded and the browser is idle, so it never shares the
 * bandwidth with the page's own bytes and its LCP image (measured: fetched at hydration, it pushed home's Lighthouse
 * LCP from 1.1 to 1.9-2.8 s, docs/benchmarks.md), or earlier at the first sign that script will show something
 * new: a pointer or key pressed (ahead of the click it becomes), or a navigation under way.
 */
function useWholeSheetWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    const want = () => setWanted(true);
    const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(want, { timeout: 2000 }) : setTimeout(want, 200));
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
    const options = { once: true, capture: true, passive: true };
    window.addEventListener("pointerdown", want, options);
    window.addEventListener("keydown", want, options);
    return () => {
      window.removeEventListener("load", idle);
      window.removeEventListener("pointerdown", want, options);
      window.removeEventListener("keydown", want, options);
    };
  }, []);
  // Kept once wanted: the next route's classes may be only in the whole sheet.
  useEffect(() => {
    if (navigating) setWanted(true);
  }, [navigating]);
  return wanted || navigating;
}
