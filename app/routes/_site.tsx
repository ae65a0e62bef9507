import { data, Outlet, type ShouldRevalidateFunction } from "react-router";
import { Sidebar, type SidebarData } from "~/components/layout/Sidebar";
import { TheaterProvider } from "~/components/player/theater";
import { stillsFor } from "~/lib/age-assurance.server";
import { usePendingText } from "~/lib/pending-screen";
import { localeOfRequest, splitLocalePath } from "~core/locales";
import { attempt } from "../../server/http/route-errors";
import { pageTexts } from "../../server/i18n/catalog";
import { topCategories } from "../../server/services/categories";
import { localizeCards, localizeCategories } from "../../server/services/content-translations";
import { trendingVideos } from "../../server/services/videos";
import type { Route } from "./+types/_site";

export async function loader({ request, context }: Route.LoaderArgs) {
  const stills = stillsFor(context);
  const locale = localeOfRequest(request);
  // Failures of sidebar lists are logged and shown as empty lists (docs/product.md "Errors").
  const [trending, top] = await Promise.all([
    attempt(
      context,
      "trending videos",
      async () => localizeCards(await trendingVideos(), locale),
      () => [],
    ),
    attempt(
      context,
      "top categories",
      async () => localizeCategories(await topCategories(), locale),
      () => [],
    ),
  ]);
  const result: SidebarData = {
    trending: trending.map(({ id, title, title_lang, views, thumbnail_url }) =>
      stills({ id, title, ...(title_lang && { title_lang }), views, thumbnail_url }),
    ),
    topCategories: top.map(({ name, slug, name_lang }) => ({ name, slug, ...(name_lang && { lang: name_lang }) })),
  };
  // The texts of the parts every site page may show: cards with their favorite and save menus, pagination,
  // retry, the loading screen (`listing`, `playlists`).
  return data({ ...result, intl: pageTexts(locale, ["listing", "playlists"]) });
}

// Reloaded after a form post, and into another language (its texts are the language's).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }) =>
  formMethod !== undefined && formMethod !== "GET"
    ? defaultShouldRevalidate
    : splitLocalePath(currentUrl.pathname).locale !== splitLocalePath(nextUrl.pathname).locale;

/**
 * Every page but the sign-in page sits beside the sidebar. In the video player's theater mode the sidebar
 * moves below the content, so the player spans the full width and the rest of the page follows under it.
 * Beside it, the columns are a grid with the sidebar's width fixed: the browser may lay out the content
 * before the sidebar's HTML has arrived (it comes after the content), and with a flex row the content
 * would first take the whole width and then shrink, a layout shift of every card.
 */
export default function SiteLayout({ loaderData: sidebar }: Route.ComponentProps) {
  const pending = usePendingText();
  return (
    <TheaterProvider>
      {(theater) => (
        <div
          className={`mx-auto flex max-w-7xl flex-col gap-8 px-4 py-6 ${theater ? "lg:[&>aside]:w-full" : "lg:grid lg:grid-cols-[minmax(0,1fr)_300px]"}`}
          data-theater={theater || undefined}
        >
          <main id="main" className="min-w-0 flex-1">
            {pending ? (
              <p role="status" className="py-16 text-center text-zinc-400">
                {pending}
              </p>
            ) : (
              <Outlet />
            )}
          </main>
          <Sidebar data={sidebar} />
        </div>
      )}
    </TheaterProvider>
  );
}
