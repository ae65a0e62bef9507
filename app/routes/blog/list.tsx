import { data, type LoaderFunctionArgs, type MetaArgs, redirect, useLoaderData } from "react-router";
import { BLOG_LIST_ERROR, BlogPostList } from "~/components/blog/BlogPostList";
import type { BlogPreviewData } from "~/components/blog/BlogPreview";
import { BLOG_DESCRIPTION, FEED_PATH, feedLink, postPath } from "~/components/blog/seo";
import { plainExcerpt } from "~/lib/markdown";
import { clampPage, parsePageParam, totalPages } from "~/lib/pagination";
import { siteUrlFromMatches } from "~/lib/root-data";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { logger } from "../../../server/logger";
import { requestInfoContext } from "../../../server/request-context";
import { BLOG_POSTS_PER_PAGE, listPublishedPosts } from "../../../server/services/blog";

interface BlogListData {
  page: number;
  pageCount: number;
  posts: BlogPreviewData[];
  error: string | null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requested = parsePageParam(url.searchParams.get("page"));
  try {
    const { posts, total } = await listPublishedPosts(requested);
    const pageCount = totalPages(total, BLOG_POSTS_PER_PAGE);
    const page = clampPage(requested, pageCount);
    if (page !== requested) {
      // Past the last page: go to the last page that exists.
      throw redirect(page > 1 ? `/blog?page=${page}` : "/blog");
    }
    return data<BlogListData>({
      page,
      pageCount,
      error: null,
      posts: posts.map((p) => ({
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt?.trim() || plainExcerpt(p.content_start, 200),
        author: p.author,
        date: new Date(p.published_at ?? p.created_at).toISOString(),
        tags: p.tags,
      })),
    });
  } catch (err) {
    if (err instanceof Response) throw err;
    logger.error({ err, requestId: context.get(requestInfoContext).requestId }, "blog list failed");
    return data<BlogListData>({ page: requested, pageCount: 0, posts: [], error: BLOG_LIST_ERROR }, { status: 500 });
  }
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  const siteUrl = siteUrlFromMatches(matches);
  const d = loaderData as BlogListData | undefined;
  const page = d?.page ?? 1;
  const path = page > 1 ? `/blog?page=${page}` : "/blog";
  return [
    ...seoMeta({
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
            url: absoluteUrl(siteUrl, postPath(p.slug)),
            datePublished: p.date,
            ...(p.author ? { author: { "@type": "Person", name: p.author } } : {}),
          })),
        },
        breadcrumbs(siteUrl, [
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
        ]),
      ],
    }),
    feedLink(siteUrl),
  ];
}

export default function BlogList() {
  const d = useLoaderData<typeof loader>() as BlogListData;
  return (
    <section aria-labelledby="blog-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="blog-heading" className="text-2xl font-bold">
            Blog
          </h1>
          <p className="mt-1 text-zinc-400">News and notes from the team behind {site.name}.</p>
        </div>
        <a href={FEED_PATH} className="text-sm font-medium text-brand-400 hover:text-brand-300">
          RSS feed
        </a>
      </div>
      <BlogPostList posts={d.posts} page={d.page} pageCount={d.pageCount} error={d.error} />
    </section>
  );
}
