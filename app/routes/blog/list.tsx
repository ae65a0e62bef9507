import { data, redirect } from "react-router";
import { BlogPostList } from "~/components/blog/BlogPostList";
import type { BlogPreviewData } from "~/components/blog/BlogPreview";
import { feedLink } from "~/components/blog/feed-link";
import { translator, useMessages, usePaths, type WithMessages } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { localeOfRequest } from "~core/locales";
import { plainExcerpt } from "~core/markdown";
import { clampPage, totalPages } from "~core/pagination";
import { input } from "~core/params";
import { paths, pathsIn } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import { attempt } from "../../../server/http/route-errors";
import { pageTexts } from "../../../server/i18n/catalog";
import { BLOG_POSTS_PER_PAGE, listPublishedPosts } from "../../../server/services/blog";
import type { Route } from "./+types/list";

interface BlogListData extends WithMessages {
  page: number;
  pageCount: number;
  posts: BlogPreviewData[];
  failed: boolean;
}

const listQuery = z.object({ page: input.page });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  pageCache: true,
  input: { query: listQuery },
  sitemap: "static",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const intl = pageTexts(locale, ["blog"]);
  const { page: requested } = routeInput(context, contract).query;
  const found = await attempt(
    context,
    "blog list",
    () => listPublishedPosts(requested, locale),
    () => null,
  );
  if (!found) return data<BlogListData>({ page: requested, pageCount: 0, posts: [], failed: true, intl }, { status: 500 });
  const pageCount = totalPages(found.total, BLOG_POSTS_PER_PAGE);
  const page = clampPage(requested, pageCount);
  if (page !== requested) {
    // Past the last page: go to the last page that exists.
    throw redirect(pathsIn(locale).blog(page));
  }
  return data<BlogListData>({
    page,
    pageCount,
    failed: false,
    intl,
    posts: found.posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt?.trim() || plainExcerpt(p.content_start, 200),
      author: p.author,
      date: new Date(p.published_at ?? p.created_at).toISOString(),
      tags: p.tags,
      locale: p.locale,
    })),
  });
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeFromMatches(matches);
  const t = translator(locale, "blog");
  const common = translator(locale, "common");
  const local = pathsIn(locale);
  const page = d?.page ?? 1;
  const description = t("description", { site: site.name });
  return [
    ...seoMeta({
      locale,
      siteUrl,
      title: page > 1 ? t("pageTitle", { page }) : common("navBlog"),
      description,
      path: paths.blog(page),
      noindex: Boolean(d?.failed),
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Blog",
          name: t("blogName", { site: site.name }),
          description,
          url: absoluteUrl(siteUrl, local.blog(page)),
          blogPost: (d?.posts ?? []).map((p) => ({
            "@type": "BlogPosting",
            headline: p.title,
            inLanguage: p.locale ?? locale,
            url: absoluteUrl(siteUrl, local.blogPost(p.slug)),
            datePublished: p.date,
            ...(p.author ? { author: { "@type": "Person", name: p.author } } : {}),
          })),
        },
        breadcrumbs(siteUrl, [
          { name: common("navHome"), path: local.home() },
          { name: common("navBlog"), path: local.blog() },
        ]),
      ],
    }),
    feedLink(siteUrl),
  ];
}

export default function BlogList({ loaderData: d }: Route.ComponentProps) {
  const t = useMessages("blog");
  const common = useMessages("common");
  const localPaths = usePaths();
  return (
    <section aria-labelledby="blog-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="blog-heading" className="text-2xl font-bold">
            {common("navBlog")}
          </h1>
          <p className="mt-1 text-zinc-400">{t("intro", { site: site.name })}</p>
        </div>
        <a href={localPaths.feed()} className="text-sm font-medium text-brand-400 hover:text-brand-300">
          {t("rssFeed")}
        </a>
      </div>
      <BlogPostList posts={d.posts} page={d.page} pageCount={d.pageCount} failed={d.failed} />
    </section>
  );
}
