import { data, redirect } from "react-router";
import { BLOG_LIST_ERROR, BlogPostList } from "~/components/blog/BlogPostList";
import type { BlogPreviewData } from "~/components/blog/BlogPreview";
import { BLOG_DESCRIPTION, feedLink } from "~/components/blog/seo";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { plainExcerpt } from "~core/markdown";
import { clampPage, totalPages } from "~core/pagination";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import { attempt } from "../../../server/http/route-errors";
import { BLOG_POSTS_PER_PAGE, listPublishedPosts } from "../../../server/services/blog";
import type { Route } from "./+types/list";

interface BlogListData {
  page: number;
  pageCount: number;
  posts: BlogPreviewData[];
  error: string | null;
}

const listQuery = z.object({ page: input.page });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  pageCache: true,
  input: { query: listQuery },
  sitemap: "static",
});

export async function loader({ context }: Route.LoaderArgs) {
  const { page: requested } = routeInput(context, contract).query;
  const found = await attempt(
    context,
    "blog list",
    () => listPublishedPosts(requested),
    () => null,
  );
  if (!found) return data<BlogListData>({ page: requested, pageCount: 0, posts: [], error: BLOG_LIST_ERROR }, { status: 500 });
  const pageCount = totalPages(found.total, BLOG_POSTS_PER_PAGE);
  const page = clampPage(requested, pageCount);
  if (page !== requested) {
    // Past the last page: go to the last page that exists.
    throw redirect(paths.blog(page));
  }
  return data<BlogListData>({
    page,
    pageCount,
    error: null,
    posts: found.posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt?.trim() || plainExcerpt(p.content_start, 200),
      author: p.author,
      date: new Date(p.published_at ?? p.created_at).toISOString(),
      tags: p.tags,
    })),
  });
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  const page = d?.page ?? 1;
  const path = paths.blog(page);
  return [
    ...seoMeta({
      locale: localeFromMatches(matches),
      siteUrl,
      title: page > 1 ? `Blog - Page ${page}` : "Blog",
      description: BLOG_DESCRIPTION,
      path,
      noindex: Boolean(d?.error),
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Blog",
          name: `${site.name} Blog`,
          description: BLOG_DESCRIPTION,
          url: absoluteUrl(siteUrl, path),
          blogPost: (d?.posts ?? []).map((p) => ({
            "@type": "BlogPosting",
            headline: p.title,
            url: absoluteUrl(siteUrl, paths.blogPost(p.slug)),
            datePublished: p.date,
            ...(p.author ? { author: { "@type": "Person", name: p.author } } : {}),
          })),
        },
        breadcrumbs(siteUrl, [
          { name: "Home", path: paths.home() },
          { name: "Blog", path: paths.blog() },
        ]),
      ],
    }),
    feedLink(siteUrl),
  ];
}

export default function BlogList({ loaderData: d }: Route.ComponentProps) {
  return (
    <section aria-labelledby="blog-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="blog-heading" className="text-2xl font-bold">
            Blog
          </h1>
          <p className="mt-1 text-zinc-400">News and notes from the team behind {site.name}.</p>
        </div>
        <a href={paths.feed()} className="text-sm font-medium text-brand-400 hover:text-brand-300">
          RSS feed
        </a>
      </div>
      <BlogPostList posts={d.posts} page={d.page} pageCount={d.pageCount} error={d.error} />
    </section>
  );
}
