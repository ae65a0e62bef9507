import { sql } from "kysely";
import { TtlCache } from "../cache";
import { getDb } from "../db/connection";
import type { BlogPost } from "../db/schema";
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
}

export interface BlogPage {
  posts: BlogPostSummary[];
  total: number;
}

function publishedSummaries() {
  return getDb()
    .selectFrom("blog_posts")
    .select([
      "id",
      "title",
      "slug",
      "excerpt",
      "author",
      "tags",
      "published_at",
      "created_at",
      "updated_at",
      sql<string>`left(content, 1000)`.as("content_start"),
    ])
    .where("published", "=", true)
    .orderBy(sql`published_at desc nulls last`)
    .orderBy("id", "desc");
}

/** One page of published posts, newest `published_at` first, with the exact total. */
export async function listPublishedPosts(page: number): Promise<BlogPage> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * BLOG_POSTS_PER_PAGE;
  const [posts, total] = await Promise.all([
    publishedSummaries().limit(BLOG_POSTS_PER_PAGE).offset(offset).execute(),
    getDb().selectFrom("blog_posts").select(sql<number>`count(*)`.as("n")).where("published", "=", true).executeTakeFirstOrThrow(),
  ]);
  return { posts, total: total.n };
}

/** The newest published posts for the RSS feed. */
export async function listFeedPosts(limit = FEED_POSTS_LIMIT): Promise<BlogPostSummary[]> {
  return publishedSummaries().limit(limit).execute();
}

// Per-slug cache of published posts under `blog_post_{slug}` (docs/product.md "Blog"): concurrent requests for one slug
// share a single query, misses live shorter, and the bound keeps random slugs from growing it.
// Shared: an edit in one process invalidates the entry in every process (LISTEN/NOTIFY).
const BLOG_CACHE = "blog-posts";
const cache = sharedCache(
  BLOG_CACHE,
  new TtlCache<BlogPost | undefined>({
    ttlMs: BLOG_POST_CACHE_TTL_MS,
    maxEntries: CACHE_MAX_ENTRIES,
    ttlFor: (post) => (post ? undefined : BLOG_POST_MISS_TTL_MS),
  }),
);

export function blogPostCacheKey(slug: string): string {
  return `blog_post_${slug}`;
}

/** A published post by slug, or undefined. Served from the per-slug cache while fresh. */
export async function getPublishedPost(slug: string): Promise<BlogPost | undefined> {
  if (!slug || slug.length > SLUG_MAX_LENGTH) return undefined;
  return cache.get(blogPostCacheKey(slug), () => fetchPublishedPost(slug));
}

function fetchPublishedPost(slug: string): Promise<BlogPost | undefined> {
  return getDb().selectFrom("blog_posts").selectAll().where("slug", "=", slug).where("published", "=", true).executeTakeFirst();
}

/**
 * Drops a post from the cache in every process; call whenever a post is created, edited, (un)published
 * or deleted.
 */
export function invalidateBlogPost(slug: string): Promise<void> {
  return invalidate(BLOG_CACHE, blogPostCacheKey(slug));
}

export function clearBlogPostCache(): Promise<void> {
  return invalidate(BLOG_CACHE);
}
