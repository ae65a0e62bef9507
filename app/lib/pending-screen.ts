import { useNavigation } from "react-router";
import { paramOf, paths } from "~core/paths";

/** The loading texts of docs/product.md ("Listings", "Search", "Blog", "Routes"), by the screen a client-side navigation is heading to. */
export const LOADING_TEXTS = {
  videos: "Loading videos...",
  results: "Loading results...",
  posts: "Loading blog posts...",
  post: "Loading blog post...",
  /** Signed-in-only pages while the session is checked (docs/product.md "Routes"). */
  account: "Loading...",
} as const;

const ACCOUNT_PAGES = new Set([paths.profile(), paths.favorites(), paths.history(), paths.settings()]);

export function loadingTextFor(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === paths.home() || paramOf(paths.category, path)) return LOADING_TEXTS.videos;
  if (path === paths.search()) return LOADING_TEXTS.results;
  if (path === paths.blog()) return LOADING_TEXTS.posts;
  if (ACCOUNT_PAGES.has(path)) return LOADING_TEXTS.account;
  if (paramOf(paths.blogPost, path) && path !== paths.feed()) return LOADING_TEXTS.post;
  return null;
}

/**
 * The loading text to show while the next screen's data loads (the first load arrives server-rendered,
 * so this only applies to client-side navigation). One place for every screen: the site layout.
 */
export function usePendingText(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || keepsScreen(navigation.location.state)) return null;
  return loadingTextFor(navigation.location.pathname);
}

/**
 * Navigation state for a change made from inside the screen that stays on it (a listing's sort or filter
 * select): the screen is not swapped for its loading text, which would unmount the control in use and drop
 * a keyboard user's focus to the page's start.
 */
export const KEEP_SCREEN = { keepScreen: true } as const;

function keepsScreen(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { keepScreen?: unknown }).keepScreen === true;
}
