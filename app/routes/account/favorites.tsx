import { data } from "react-router";
import { AccountShell, EmptyState } from "~/components/account/AccountShell";
import { ErrorState } from "~/components/ui/ErrorState";
import { Pagination } from "~/components/ui/Pagination";
import { toCardData, VideoCard, type VideoCardData } from "~/components/video/VideoCard";
import { existingPage } from "~/lib/account-pages.server";
import { stillsFor } from "~/lib/age-assurance.server";
import { translator, useMessages, usePaths } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput, routeViewer } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { localeOfRequest } from "~core/locales";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { ACCOUNT_PAGE, defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import { attempt } from "../../../server/http/route-errors";
import { pageTexts } from "../../../server/i18n/catalog";
import { localizeCards } from "../../../server/services/content-translations";
import { FAVORITES_PER_PAGE, listFavorites } from "../../../server/services/favorites";
import type { Route } from "./+types/favorites";

const favoritesQuery = z.object({ page: input.page });

export const contract = defineRoute({
  ...ACCOUNT_PAGE,
  input: { query: favoritesQuery },
});

/** The signed-in user's favorite videos, 16 a page, most recently added first (docs/product.md "Accounts"). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = routeViewer(args.context);
  const { page: requested } = routeInput(args.context, contract).query;
  const locale = localeOfRequest(args.request);
  const intl = pageTexts(locale, ["account"]);
  const found = await attempt(
    args.context,
    "favorites",
    async () => {
      const page = await listFavorites(viewer.id, requested);
      return { ...page, videos: await localizeCards(page.videos, locale) };
    },
    () => null,
  );
  if (!found) return data({ error: true, page: requested, pageCount: 0, videos: [] as VideoCardData[], intl }, { status: 500 });
  const { page, pageCount } = existingPage(args.request, requested, found.total, FAVORITES_PER_PAGE);
  const videos: VideoCardData[] = found.videos.map(toCardData).map(stillsFor(args.context));
  return data({ error: false, page, pageCount, videos, intl });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const locale = localeFromMatches(matches);
  const t = translator(locale, "account");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: page > 1 ? t("favoritesPageTitle", { page }) : t("favoritesTitle"),
    description: t("favoritesDescription", { site: site.name }),
    path: paths.favorites(page),
    noindex: true,
  });
}

export default function Favorites({ loaderData: d }: Route.ComponentProps) {
  const t = useMessages("account");
  const paths = usePaths();
  return (
    <AccountShell title={t("favoritesTitle")} wide>
      {d.error ? (
        <ErrorState message={t("loadFailed")} />
      ) : d.videos.length === 0 ? (
        <EmptyState>{t("favoritesEmpty")}</EmptyState>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-x-5 gap-y-8 sm:grid-cols-2 xl:grid-cols-4">
            {d.videos.map((video) => (
              <VideoCard key={video.id} video={video} headingLevel={2} favorite />
            ))}
          </div>
          <Pagination current={d.page} total={d.pageCount} hrefFor={paths.favorites} />
        </>
      )}
    </AccountShell>
  );
}
