import { type AnchorHTMLAttributes, startTransition, useContext, useEffect, useRef } from "react";
import { createPath, parsePath, UNSAFE_NavigationContext, useLocation, useNavigate } from "react-router";

/**
 * A link to a page of the site for long lists (result rows, video cards, the sidebar, the footer): the same
 * `<a href data-discover="true">` React Router's `<Link to>` renders, byte for byte, without its hooks.
 * A `<Link>` resolves its path against the route matches, reads the location, sets up prefetching and a
 * click handler of its own on every render (about 10 hooks and a JSON round trip of the matches each, which
 * was ~5 % of the search page's server render with 74 of them: docs/decisions/0026-delegated-link-navigation.md).
 * Here one listener, `useLinkNavigation()` in the root layout, navigates for every such link.
 *
 * `to` must be an absolute path of the site ("/video/…"), with no basename to add (the site has none).
 * Props after `to` pass to the `<a>` before `href`, in the order `<Link>` writes them.
 */
export function AppLink({ to, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a {...rest} href={to} data-discover="true" />;
}

/** What `<Link>` checks before it handles a click itself (react-router's `shouldProcessLinkClick`). */
export function isPlainLeftClick(event: Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">): boolean {
  return event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/**
 * The site-internal path an `<a>` click should navigate to client-side, or null to leave the click to the
 * browser. Only links marked `data-discover` (what `<Link>` and `<AppLink>` render for a page of the app)
 * whose click nobody has handled yet: a `<Link>`'s own handler has already called `preventDefault` by the
 * time the event reaches the window, so each click is handled once. A target other than `_self`, a
 * download, or an address that is not a path of this origin loads normally, as with `<Link>`.
 */
export function delegatedLinkPath(event: MouseEvent): string | null {
  if (event.defaultPrevented || !isPlainLeftClick(event)) return null;
  const start = event.target;
  if (!(start instanceof Element)) return null;
  const link = start.closest("a[data-discover]");
  if (!(link instanceof HTMLAnchorElement)) return null;
  const target = link.getAttribute("target");
  if ((target && target !== "_self") || link.hasAttribute("download")) return null;
  const href = link.getAttribute("href");
  if (!href?.startsWith("/") || href.startsWith("//")) return null;
  return href;
}

/**
 * One click listener for every `<AppLink>` on the page: navigates as `<Link>` would (a link to the page
 * already shown replaces the history entry instead of adding one; in a transition when the router uses
 * them). Listens on the window, so it runs after React's own handlers (on the document) and after
 * `<Link>`'s. Called once, by the root layout, so error pages have it too. A hook rather than a component:
 * an element of its own would shift the `useId` values of the page (and so its HTML).
 */
export function useLinkNavigation(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const { useTransitions } = useContext(UNSAFE_NavigationContext) as { useTransitions?: boolean };
  const current = useRef({ navigate, location, useTransitions });
  current.current = { navigate, location, useTransitions };
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const to = delegatedLinkPath(event);
      if (to === null) return;
      event.preventDefault();
      const { navigate, location, useTransitions } = current.current;
      const replace = createPath(location) === createPath(parsePath(to));
      const go = () => navigate(to, { replace });
      if (useTransitions) startTransition(go);
      else go();
    };
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, []);
}
