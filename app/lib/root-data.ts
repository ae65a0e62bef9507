import { useRouteLoaderData } from "react-router";
import type { AdConfiguration } from "~core/ad-units";
import type { AgeAccess } from "~core/age-assurance";
import { DEFAULT_LOCALE, type Locale } from "~core/locales";
import type { Viewer } from "~core/viewer";
import type { PageTexts } from "./texts";

export interface RootData {
  /** The layout's texts (`common`) in the page's language (app/lib/i18n.ts). */
  intl: PageTexts;
  siteUrl: string;
  ageVerified: boolean;
  /** Which age check the visitor's jurisdiction asks for and whether they passed (media are withheld until then). */
  ageAccess: AgeAccess;
  /** In the page's language; `lang`: the name is English for want of a published translation. */
  categories: { name: string; slug: string; lang?: Locale }[];
  categoriesFailed: boolean;
  /** The signed-in person, or null for visitors (server/http/session.ts getViewer), or null on a shell. */
  viewer: Viewer | null;
  /**
   * A page shared by every signed-in user (core/route-contract.ts isSharedPage) requested with a session
   * cookie: rendered as a shell; who it is comes from /api/viewer-state (app/lib/viewer-state.tsx).
   */
  viewerDeferred: boolean;
  /** The banner ad configuration when the page was rendered, and the ad network's script pattern (AD_SCRIPT_URL). */
  ads: { config: AdConfiguration; scriptUrl: string | null };
}

type MatchLike = { id: string; loaderData?: unknown; data?: unknown } | undefined;

/** Root loader data as seen from a route's meta() (matches[0] is the root). */
export function rootDataFromMatches(matches: readonly MatchLike[]): RootData | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData ?? root?.data) as RootData | undefined;
}

export function siteUrlFromMatches(matches: readonly MatchLike[]): string {
  return rootDataFromMatches(matches)?.siteUrl ?? "";
}

/** The page's language as a route's meta() sees it (the root's texts are in it). */
export function localeFromMatches(matches: readonly MatchLike[]): Locale {
  return rootDataFromMatches(matches)?.intl.locale ?? DEFAULT_LOCALE;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
