import { data, Link } from "react-router";
import { feedLink } from "~/components/blog/feed-link";
import { renderMarkdown } from "~/components/blog/markdown.server";
import { PostArticle } from "~/components/blog/PostArticle";
import { postDescription } from "~/components/blog/post-description";
import { blogPostMeta, type PostSeo } from "~/components/blog/seo";
import { ErrorState } from "~/components/ui/ErrorState";
import { translator, useLocale, useMessages, usePaths, type WithMessages } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { localeOfRequest } from "~core/locales";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { attempt } from "../../../server/http/route-errors";
import { pageTexts } from "../../../server/i18n/catalog";
import { getPublishedPost } from "../../../server/services/blog";
import type { Route } from "./+types/post";

type PostData = WithMessages &
  ({ state: "ok"; post: PostSeo; html: string } | { state: "not-found"; slug: string } | { state: "error"; slug: string });

const iso = (d: Date | string) => new Date(d).toISOString();

// A slug the database could not hold names no post: the page's not-found state, without a query.
const postParams = z.object({ slug: input.slug.nullable().catch(null) });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  pageCache: true,
  input: { params: postParams },
  sitemap: "posts",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const intl = pageTexts(locale, ["blog"]);
  const { slug } = routeInput(context, contract).params;
  if (!slug) return data<PostData>({ state: "not-found", slug: "", intl }, { status: 404 });
  const post = await attempt(
    context,
    "blog post",
    () => getPublishedPost(slug, locale),
    () => "failed" as const,
  );
  if (post === "failed") return data<PostData>({ state: "error", slug, intl }, { status: 500 });
  if (!post) return data<PostData>({ state: "not-found", slug, intl }, { status: 404 });
  return data<PostData>({
    state: "ok",
    intl,
    html: renderMarkdown(post.content),
    post: {
      title: post.title,
      slug: post.slug,
      author: post.author?.trim() || null,
      tags: post.tags,
      published_at: post.published_at ? iso(post.published_at) : null,
      created_at: iso(post.created_at),
      updated_at: iso(post.updated_at),
      description: postDescription(post),
      meta_title: post.meta_title,
      og_title: post.og_title,
      og_description: post.og_description,
      og_image_url: post.og_image_url,
      twitter_card_title: post.twitter_card_title,
      twitter_card_description: post.twitter_card_description,
      twitter_card_image_url: post.twitter_card_image_url,
      canonical_url: post.canonical_url,
      locale: post.locale,
      languages: post.languages,
    },
  });
}

export function meta({ loaderData: d, matches, params }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeFromMatches(matches);
  const t = translator(locale, "blog");
  const common = translator(locale, "common");
  if (d?.state === "ok") return blogPostMeta(siteUrl, d.post, locale, { home: common("navHome"), blog: common("navBlog") });
  return [
    ...seoMeta({
      locale,
      siteUrl,
      title: d?.state === "error" ? common("errorHeading") : t("postNotFoundTitle"),
      description: d?.state === "error" ? t("postLoadError") : t("postNotFound"),
      path: paths.blogPost(params.slug ?? ""),
      noindex: true,
    }),
    feedLink(siteUrl),
  ];
}

export default function BlogPostPage({ loaderData: d }: Route.ComponentProps) {
  const t = useMessages("blog");
  if (d.state === "not-found") {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-bold">{t("postNotFound")}</h1>
        <BackToBlog className="mt-6 inline-block" />
      </section>
    );
  }
  if (d.state === "error") {
    return (
      <section className="py-10">
        <ErrorState message={t("postLoadError")} />
        <BackToBlog className="mt-6 inline-block" />
      </section>
    );
  }
  return <Post post={d.post} html={d.html} />;
}

/** The post; English text on another language's page is marked as English and says so (docs/i18n.md "Content"). */
function Post({ post, html }: { post: PostSeo; html: string }) {
  const t = useMessages("blog");
  const pageLocale = useLocale();
  const lang = post.locale && post.locale !== pageLocale ? post.locale : undefined;
  return (
    <article className="mx-auto max-w-3xl">
      <BackToBlog />
      {lang && (
        <p role="note" className="mt-4 rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-zinc-300">
          {t("englishOnly")}
        </p>
      )}
      <PostArticle
        title={post.title}
        author={post.author}
        date={post.published_at ?? post.created_at}
        tags={post.tags}
        html={html}
        lang={lang}
      />
    </article>
  );
}

function BackToBlog({ className = "" }: { className?: string }) {
  const t = useMessages("blog");
  const localPaths = usePaths();
  return (
    <Link to={localPaths.blog()} className={`text-sm font-medium text-brand-400 hover:text-brand-300 ${className}`.trim()}>
      {t("backToBlog")}
    </Link>
  );
}
