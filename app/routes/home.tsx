import { data, Link, redirect } from "react-router";
import { AdSlot } from "~/components/ads/AdSlot";
import { ErrorState } from "~/components/ui/ErrorState";
import { Pagination } from "~/components/ui/Pagination";
import { ListingControls, NoFilterMatches } from "~/components/video/ListingControls";
import { toCardData, VideoCard, type VideoCardData } from "~/components/video/VideoCard";
import { stillsFor } from "~/lib/age-assurance.server";
import { textLanguage, translator, useLocale, useMessages, usePaths, type WithMessages } from "~/lib/i18n";
import { redirectToOneAddress } from "~/lib/listing-address";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { breadcrumbs, seoMeta } from "~/lib/seo";
import type { WithViewerScope } from "~/lib/viewer-state";
import { DEFAULT_SORT, type DurationBounds, isDefaultOrder, type ListingOrder } from "~core/listing-order";
import { type Locale, localeOfRequest, localizePath } from "~core/locales";
import { clampPage, totalPages } from "~core/pagination";
import { input } from "~core/params";
import { type Listing, paths, pathsIn } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { categoryNameFromParam } from "~core/slug";
import { z } from "~core/zod";
import { durationBounds } from "../../server/env";
import { attempt } from "../../server/http/route-errors";
import { pageTexts } from "../../server/i18n/catalog";
import { findCategoryByName } from "../../server/services/categories";
import { localizeCards, localizeCategories } from "../../server/services/content-translations";
import { listVideos, VIDEOS_PER_PAGE } from "../../server/services/videos";
import type { Route } from "./+types/home";

const BANNER_BEFORE_CARD = 9;

interface ListData extends WithMessages {
  categoryParam: string | null;
  /** The sort and duration filter (category pages only: the home page is always the latest videos). */
  order: ListingOrder;
  /** What the duration filter's labels say (the operator's setting). */
  bounds: DurationBounds;
  categoryName: string;
  /** The category's name is English on another language's page (no published translation): marked `lang`. */
  categoryLang?: Locale;
  /** The category's one-line description, in the page's language or English (`descriptionLang`). */
  categoryDescription?: string | null;
  descriptionLang?: Locale;
  page: number;
  pageCount: number;
  videos: VideoCardData[];
  /** The list could not be read ("Failed to load videos. Please try again later.", with Retry). */
  failed: boolean;
}

const listParams = z.object({ categoryName: input.categoryName.optional() });
const listQuery = z.object({ page: input.page, sort: input.sort, duration: input.duration });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  pageCache: true,
  input: { params: listParams, query: listQuery },
  sitemap: { "/": "static", "/category/:categoryName": "categories" },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { categoryName: categoryParam = null } = routeInput(context, contract).params;
  const { page: requested, sort, duration } = routeInput(context, contract).query;
  const order: ListingOrder = categoryParam ? { sort, duration } : { sort: DEFAULT_SORT, duration: null };
  const locale = localeOfRequest(request);
  if (categoryParam) redirectToOneAddress(request, order, requested);
  const base: ListData = {
    // Its own texts, and those of the cards, controls and pagination it shows.
    intl: pageTexts(locale, ["listing"]),
    categoryParam,
    order,
    bounds: durationBounds(),
    categoryName: categoryNameFromParam(categoryParam ?? undefined),
    page: requested,
    pageCount: 0,
    videos: [],
    failed: false,
  };
  const found = await attempt(
    context,
    "video list",
    () => findVideos(categoryParam && base.categoryName, requested, order, locale),
    () => "failed" as const,
  );
  if (found === "failed") return data({ ...base, failed: true }, { status: 500 });
  // Unknown category: an empty list, not an error (docs/product.md "Listings").
  if (!found) return data(base);
  const pageCount = totalPages(found.total, VIDEOS_PER_PAGE);
  const page = clampPage(requested, pageCount);
  if (page !== requested) {
    // Past the last page: send the visitor to the last page that exists.
    const url = new URL(request.url);
    url.searchParams.set("page", String(page));
    if (page === 1) url.searchParams.delete("page");
    throw redirect(`${url.pathname}${url.search}`);
  }
  // The same for everyone: a signed-in viewer's favorites among the cards come from /api/viewer-state.
  const result: ListData & WithViewerScope = {
    ...base,
    categoryName: found.category?.name ?? base.categoryName,
    ...(found.category && {
      categoryLang: found.category.name_lang,
      categoryDescription: found.category.description,
      descriptionLang: found.category.description_lang,
    }),
    page,
    pageCount,
    videos: found.videos.map(toCardData).map(stillsFor(context)),
    viewerScope: { cards: found.videos.map((v) => v.id) },
  };
  return data(result);
}

/**
 * One page of public videos, of one category when a name is given; undefined for an unknown category. The cards
 * and the category in the page's language (server/services/content-translations.ts).
 */
async function findVideos(categoryName: string | null, page: number, order: ListingOrder, locale: Locale) {
  if (!categoryName) {
    const found = await listVideos({ page });
    return { category: null, total: found.total, videos: await localizeCards(found.videos, locale) };
  }
  const english = await findCategoryByName(categoryName);
  if (!english) return undefined;
  const [found, [category]] = await Promise.all([
    listVideos({ categoryId: english.id, page, order }),
    localizeCategories([english], locale),
  ]);
  return { category: category ?? null, total: found.total, videos: await localizeCards(found.videos, locale) };
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeFromMatches(matches);
  const t = translator(locale, "listing");
  // JSON-LD's addresses are the page's language's (seoMeta localizes `path` itself).
  const local = pathsIn(locale);
  if (!d?.categoryParam) {
    return seoMeta({
      locale,
      siteUrl,
      title: site.name,
      tagline: translator(locale, "common")("tagline"),
      description: t("homeDescription", { site: site.name }),
      path: paths.home({ page: d?.page }),
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: site.name,
          url: `${siteUrl}${local.home()}`,
          inLanguage: locale,
          potentialAction: {
            "@type": "SearchAction",
            target: { "@type": "EntryPoint", urlTemplate: `${siteUrl}${local.search()}?q={search_term_string}` },
            "query-input": "required name=search_term_string",
          },
        },
      ],
    });
  }
  const category = d.categoryName;
  // A sorted or filtered variant is the category's videos again: never indexed (docs/architecture.md
  // "Sorting and filters"), with its own one address as canonical so the signals do not contradict.
  return seoMeta({
    locale,
    siteUrl,
    title: d.page > 1 ? t("categoryVideosPage", { category, page: d.page }) : t("categoryVideos", { category }),
    description: t("categoryDescription", { category, site: site.name }),
    path: paths.category(d.categoryParam, { order: d.order, page: d.page }),
    noindex: d.pageCount === 0 || !isDefaultOrder(d.order),
    jsonLd: [
      breadcrumbs(siteUrl, [
        { name: translator(locale, "common")("navHome"), path: local.home() },
        { name: category, path: local.category(d.categoryParam) },
      ]),
    ],
  });
}

export default function VideoList({ loaderData: d }: Route.ComponentProps) {
  const t = useMessages("listing");
  const pagePaths = usePaths();
  const locale = useLocale();
  const heading = d.categoryParam ? t("categoryVideos", { category: d.categoryName }) : t("latestVideos");
  const address = (list?: Listing) => (d.categoryParam ? pagePaths.category(d.categoryParam, list) : pagePaths.home(list));
  const path = address();
  const hrefFor = (page: number) => address({ order: d.order, page });
  const filtered = d.order.duration !== null;

  return (
    <>
      <HeroBanner />
      <h1 className="mb-5 mt-8 text-2xl font-bold">{heading}</h1>
      {d.categoryParam && d.categoryDescription && (
        <p className="-mt-3 mb-5 text-zinc-400" dir="auto" {...textLanguage(d.descriptionLang, locale)}>
          {d.categoryDescription}
        </p>
      )}
      {d.categoryParam && !d.failed && (d.pageCount > 0 || filtered) && <ListingControls path={path} order={d.order} bounds={d.bounds} />}
      {d.failed ? (
        <ErrorState message={t("loadFailed")} />
      ) : d.videos.length === 0 && filtered ? (
        <NoFilterMatches clearHref={address({ order: { ...d.order, duration: null } })} />
      ) : d.videos.length === 0 ? (
        <p className="py-16 text-center text-zinc-400">{t("noVideos")}</p>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-x-5 gap-y-8 sm:grid-cols-2 xl:grid-cols-4">
            {d.videos.map((video, i) => (
              <VideoSlot key={video.id} index={i} video={video} />
            ))}
            {d.videos.length < BANNER_BEFORE_CARD && <AdSlot name="Billboard_1" />}
          </div>
          <Pagination current={d.page} total={d.pageCount} hrefFor={hrefFor} />
        </>
      )}
      <div className="mt-10">
        <AdSlot name="Billboard_2" />
      </div>
    </>
  );
}

function VideoSlot({ index, video }: { index: number; video: VideoCardData }) {
  return (
    <>
      {index === BANNER_BEFORE_CARD - 1 && <AdSlot name="Billboard_1" />}
      <VideoCard video={video} priority={index === 0} headingLevel={2} />
    </>
  );
}

function HeroBanner() {
  const t = useMessages("listing");
  const tc = useMessages("common");
  const locale = useLocale();
  return (
    <section className="relative overflow-hidden rounded-2xl bg-gradient-to-r from-brand-600/80 via-fuchsia-700/70 to-indigo-700/70 p-6 sm:p-10">
      <p className="text-sm font-semibold uppercase tracking-widest text-pink-100">{tc("tagline")}</p>
      <p className="mt-2 max-w-xl text-2xl font-extrabold sm:text-3xl">{t("heroTitle")}</p>
      <p className="mt-2 max-w-xl text-pink-50/90">{t("heroText")}</p>
      <Link
        to={localizePath(locale, site.heroArticleUrl)}
        className="mt-5 inline-block rounded-lg bg-white px-5 py-2.5 font-semibold text-ink-950 hover:bg-pink-50"
      >
        {t("heroLink")}
      </Link>
    </section>
  );
}
