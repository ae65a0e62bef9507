import { data } from "react-router";
import { AppLink } from "~/components/ui/AppLink";
import { Still } from "~/components/ui/Still";
import { ListingControls, NoFilterMatches } from "~/components/video/ListingControls";
import { stillsFor } from "~/lib/age-assurance.server";
import { formatDuration, formatViews } from "~/lib/format";
import { textLanguage, translator, useLocale, useMessages, usePaths, type WithMessages } from "~/lib/i18n";
import { redirectToOneAddress } from "~/lib/listing-address";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import type { DurationBounds, ListingOrder } from "~core/listing-order";
import { type Locale, localeOfRequest } from "~core/locales";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { durationBounds } from "../../server/env";
import { attempt } from "../../server/http/route-errors";
import { pageTexts } from "../../server/i18n/catalog";
import { searchInLanguage } from "../../server/services/translated-search";
import { normaliseQuery } from "../../server/services/videos";
import type { Route } from "./+types/search";

interface SearchData extends WithMessages {
  q: string;
  order: ListingOrder;
  /** What the duration filter's labels say (the operator's setting). */
  bounds: DurationBounds;
  /** `title_lang`: the title is English on another language's page (docs/i18n.md "Content"). */
  results: { id: string; title: string; title_lang?: Locale; views: number; duration: number; thumbnail_url: string | null }[];
  /** The search failed: "Error: Search is temporarily unavailable." (never an internal error). */
  failed: boolean;
}

const searchQuery = z.object({ q: input.q, sort: input.sort, duration: input.duration });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  input: { query: searchQuery },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { q: raw, sort, duration } = routeInput(context, contract).query;
  const q = normaliseQuery(raw);
  const order: ListingOrder = { sort, duration };
  const bounds = durationBounds();
  const locale = localeOfRequest(request);
  const intl = pageTexts(locale, ["listing"]);
  redirectToOneAddress(request, order, 1, raw ? { q: raw } : {});
  // Blank q: no results and no database call.
  if (!q) return data<SearchData>({ intl, q, order, bounds, results: [], failed: false });
  const rows = await attempt(
    context,
    "search",
    () => searchInLanguage(q, order, locale),
    () => null,
  );
  if (!rows) return data<SearchData>({ intl, q, order, bounds, results: [], failed: true }, { status: 500 });
  return data<SearchData>({
    intl,
    q,
    order,
    bounds,
    results: rows.map(({ id, title, title_lang, views, duration, thumbnail_url }) =>
      stillsFor(context)({ id, title, ...(title_lang && { title_lang }), views, duration, thumbnail_url }),
    ),
    failed: false,
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const q = loaderData?.q ?? "";
  const locale = localeFromMatches(matches);
  const t = translator(locale, "listing");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: q ? t("searchTitle", { q }) : t("searchTitleBlank"),
    description: q ? t("searchDescription", { q }) : t("searchDescriptionBlank"),
    path: paths.search({ q, order: loaderData?.order }),
    noindex: true,
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, order, bounds, results, failed } = loaderData;
  const t = useMessages("listing");
  const tc = useMessages("common");
  const locale = useLocale();
  const pagePaths = usePaths();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("searchResults")}</h1>
      {q && <p className="mt-1 text-zinc-400">{t("resultsFor", { q })}</p>}
      {q && !failed && (
        <div className="mt-6">
          <ListingControls path={pagePaths.search()} order={order} bounds={bounds} extra={{ q }} />
        </div>
      )}
      <div className="mt-6">
        {failed ? (
          <p role="alert" className="text-red-300">
            {t("searchFailed")}
          </p>
        ) : !q ? (
          <p className="text-zinc-400">{t("searchBlank")}</p>
        ) : results.length === 0 && order.duration ? (
          <NoFilterMatches clearHref={pagePaths.search({ q, order: { ...order, duration: null } })} />
        ) : results.length === 0 ? (
          <p className="text-zinc-400">{t("noResults", { q })}</p>
        ) : (
          <ul className="divide-y divide-ink-800">
            {results.map((r) => (
              <li key={r.id}>
                <AppLink to={pagePaths.video(r.id)} className="flex items-center gap-4 rounded-lg px-2 py-3 hover:bg-ink-900">
                  <Still
                    src={r.thumbnail_url ?? "/placeholder-80x45.svg"}
                    sizes="80px"
                    width={80}
                    height={45}
                    loading="lazy"
                    className="h-[45px] w-[80px] shrink-0 rounded object-cover"
                  />
                  <span className="min-w-0 flex-1">
                    <span dir="auto" {...textLanguage(r.title_lang, locale)} className="block truncate font-medium">
                      {r.title}
                    </span>
                    <span className="text-sm text-zinc-400">
                      <span data-duration>{formatDuration(r.duration)}</span> ·{" "}
                      {tc("views", { count: r.views, shown: formatViews(r.views, locale) })}
                    </span>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
