import { createContext, useContext } from "react";

/**
 * The site's stylesheet (Tailwind output, ~7 KB compressed) is inlined into every production page instead of
 * linked: a linked stylesheet blocks the first paint until one more request completes, and on a slow mobile
 * connection that request queues behind the page's script preloads (measured with Lighthouse, see
 * docs/benchmarks.md). entry.server provides the CSS text; in development the stylesheet is linked as usual.
 */
export const InlineCssContext = createContext<string>("");

// In the browser, hydration must render the same <style> the server sent: read its text once, before React runs.
const hydratedCss =
  typeof document === "undefined" ? "" : (document.querySelector<HTMLStyleElement>("style[data-app-css]")?.textContent ?? "");

export function AppStyles({ href }: { href: string }) {
  const css = useContext(InlineCssContext) || hydratedCss;
  if (!css) return <link rel="stylesheet" href={href} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's stylesheet, compiled into the server bundle
  return <style data-app-css="" dangerouslySetInnerHTML={{ __html: css }} />;
}
