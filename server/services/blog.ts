import { sql } from "kysely";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../core/locales";
import { TtlCache } from "../cache";
import { getDb } from "../db/connection";
import type { BlogPost, BlogPostTranslation } from "../db/schema";
import { invalidate, sharedCache } from "../realtime/shared-caches";

export const BLOG_POSTS_PER_PAGE = 10;
export const FEED_POSTS_LIMIT = 50;
/** How long a post stays in the per-slug cache; the console's edits (blog-console.ts) invalidate at once. */
export const BLOG_POST_CACHE_TTL_MS = 60_000;
/** Misses are remembered briefly (a burst of requests for a missing slug hits the database once), never long. */
export const BLOG_POST_MISS_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 500;
const SLUG_MAX_LENGTH = 200;

export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  author: string | null;
  tags: string[];
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The start of the content, for a plain-text excerpt when `excerpt` is empty. */
  content_start: string;
  /** The language title, excerpt and content are in: the one asked for where published, else English. */
  locale: Locale;
}

export interface BlogPage {
  posts: BlogPostSummary[];
  total: number;
}

/**
 * Published posts with, in `locale`, its published translation's texts where there is one (docs/i18n.md "Content"):
 * a translation's own excerpt (blank: its own content's start), never the English one under translated text.
 */
function publishedSummaries(locale: Locale) {
  return getDb()
    .selectFrom("blog_posts as p")
    .leftJoin("blog_post_translations as t", (join) =>
      join.onRef("t.post_id", "=", "p.id").on("t.locale", "=", locale).on("t.state", "=", "published"),
    )
    .select([
      "p.id",
      sql<string>`coalesce(t.title, p.title)`.as("title"),
      "p.slug",
      sql<string | null>`CASE WHEN t.post_id IS NULL THEN p.excerpt ELSE t.excerpt END`.as("excerpt"),
      "p.author",
      "p.tags",
      "p.published_at",
      "p.created_at",
      "p.updated_at",
      sql<string>`left(coalesce(t.content, p.content), 1000)`.as("content_start"),
      sql<Locale>`coalesce(t.locale, ${DEFAULT_LOCALE})`.as("locale"),
    ])
    .where("p.published", "=", true)
    .orderBy(sql`p.published_at desc nulls last`)
    .orderBy("p.id", "desc");
}

/** One page of published posts in `locale` (English where not translated), newest `published_at` first, with the exact total. */
export async function listPublishedPosts(page: number, locale: Locale = DEFAULT_LOCALE): Promise<BlogPage> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * BLOG_POSTS_PER_PAGE;
  const [posts, total] = await Promise.all([
    publishedSummaries(locale).limit(BLOG_POSTS_PER_PAGE).offset(offset).execute(),
    getDb().selectFrom("blog_posts").select(sql<number>`count(*)`.as("n")).where("published", "=", true).executeTakeFirstOrThrow(),
  ]);
  return { posts, total: total.n };
}

/** The newest published posts for the RSS feed, which stays English (docs/i18n.md "Content"). */
export async function listFeedPosts(limit = FEED_POSTS_LIMIT): Promise<BlogPostSummary[]> {
  return publishedSummaries(DEFAULT_LOCALE).limit(limit).execute();
}

/** A published post as one language's page shows it: the English row with a published translation's texts over it. */
export interface LocalizedPost extends BlogPost {
  /** The language of the texts: the page's where its translation is published, else English. */
  locale: Locale;
  /** The languages the post is published in, English first: the page's hreflang alternates and the sitemap's. */
  languages: Locale[];
}

/** The texts a translation carries; everything else (slug, author, tags, images, canonical URL) is the English post's. */
function withTranslation(post: BlogPost, t: BlogPostTranslation, languages: Locale[]): LocalizedPost {
  return {
    ...post,
    title: t.title,
    excerpt: t.excerpt,
    content: t.content,
    meta_title: t.meta_title,
    meta_description: t.meta_description,
    og_title: t.og_title,
    og_description: t.og_description,
    twitter_card_title: t.twitter_card_title,
    twitter_card_description: t.twitter_card_description,
    updated_at: new Date(Math.max(t.updated_at.getTime(), post.updated_at.getTime())),
    locale: t.locale as Locale,
    languages,
  };
}

/** Every language's view of one post, made once per cache entry (a cached lookup returns the same object). */
type PostViews = Record<Locale, LocalizedPost>;

// Per-slug cache of published posts under `blog_post_{slug}` (docs/product.md "Blog"): concurrent requests for one slug
// share a single query, misses live shorter, and the bound keeps random slugs from growing it.
// Shared: an edit in one process invalidates the entry in every process (LISTEN/NOTIFY).
const BLOG_CACHE = "blog-posts";
const cache = sharedCache(
  BLOG_CACHE,
  new TtlCache<PostViews | undefined>({
    ttlMs: BLOG_POST_CACHE_TTL_MS,
    maxEntries: CACHE_MAX_ENTRIES,
    ttlFor: (post) => (post ? undefined : BLOG_POST_MISS_TTL_MS),
  }),
);

export function blogPostCacheKey(slug: string): string {
  return `blog_post_${slug}`;
}

/**
 * A published post by slug as `locale`'s page shows it (its published translation, else English), or undefined.
 * Served from the per-slug cache while fresh; one entry holds every language's view, so one invalidation drops all.
 */
export async function getPublishedPost(slug: string, locale: Locale = DEFAULT_LOCALE): Promise<LocalizedPost | undefined> {
  if (!slug || slug.length > SLUG_MAX_LENGTH) return undefined;
  return (await cache.get(blogPostCacheKey(slug), () => fetchPublishedPost(slug)))?.[locale];
}

async function fetchPublishedPost(slug: string): Promise<PostViews | undefined> {
  const db = getDb();
  const post = await db.selectFrom("blog_posts").selectAll().where("slug", "=", slug).where("published", "=", true).executeTakeFirst();
  if (!post) return undefined;
  const translations = await db
    .selectFrom("blog_post_translations")
    .selectAll()
    .where("post_id", "=", post.id)
    .where("state", "=", "published")
    .execute();
  const byLocale = new Map(translations.map((t) => [t.locale, t]));
  const languages = LOCALES.filter((l) => l === DEFAULT_LOCALE || byLocale.has(l));
  const english: LocalizedPost = { ...post, locale: DEFAULT_LOCALE, languages };
  const views = {} as PostViews;
  for (const l of LOCALES) {
    const t = byLocale.get(l);
    views[l] = t ? withTranslation(post, t, languages) : english;
  }
  return views;
}

/**
 * Drops a post (every language's view) from the cache in every process; call whenever a post or one of its
 * translations is created, edited, (un)published or deleted.
 */
export function invalidateBlogPost(slug: string): Promise<void> {
  return invalidate(BLOG_CACHE, blogPostCacheKey(slug));
}

export function clearBlogPostCache(): Promise<void> {
  return invalidate(BLOG_CACHE);
}
