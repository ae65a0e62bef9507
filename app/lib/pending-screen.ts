import { useNavigation } from "react-router";
import { splitLocalePath } from "~core/locales";
import { paramOf, paths } from "~core/paths";
import type { MessageId } from "../../server/i18n/catalog";
import { useMessages } from "./i18n";

/**
 * The loading texts of docs/product.md ("Listings", "Search", "Blog", "Routes"), by the screen a client-side
 * navigation is heading to: ids of `listing` messages ("Loading videos..." in English).
 */
export const LOADING_TEXTS = {
  videos: "loadingVideos",
  results: "loadingResults",
  posts: "loadingPosts",
  post: "loadingPost",
  /** Signed-in-only pages while the session is checked (docs/product.md "Routes"). */
  account: "loading",
} as const satisfies Record<string, MessageId<"listing">>;

export type LoadingText = (typeof LOADING_TEXTS)[keyof typeof LOADING_TEXTS];

const ACCOUNT_PAGES = new Set([paths.profile(), paths.favorites(), paths.history(), paths.settings()]);

/** The loading text's message for a page's address in any language ("/de/search" as "/search"), or null. */
export function loadingTextFor(pathname: string): LoadingText | null {
  const path = splitLocalePath(pathname.replace(/\/+$/, "") || "/").path;
  if (path === paths.home() || paramOf(paths.category, path)) return LOADING_TEXTS.videos;
  if (path === paths.search()) return LOADING_TEXTS.results;
  if (path === paths.blog()) return LOADING_TEXTS.posts;
  if (ACCOUNT_PAGES.has(path)) return LOADING_TEXTS.account;
  if (paramOf(paths.blogPost, path) && path !== paths.feed()) return LOADING_TEXTS.post;
  return null;
}

/**
 * The loading text to show while the next screen's data loads (the first load arrives server-rendered,
 * so this only applies to client-side navigation). One place for every screen: the site layout, which
 * shows it in the language of the page being left (its texts are at hand; the next page's are on their way).
 */
export function usePendingText(): string | null {
  const navigation = useNavigation();
  const t = useMessages("listing");
  if (navigation.state !== "loading" || keepsScreen(navigation.location.state)) return null;
  const text = loadingTextFor(navigation.location.pathname);
  return text && t(text);
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
