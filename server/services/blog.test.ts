import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import type { NewBlogPost } from "../db/schema";
import {
  BLOG_POST_CACHE_TTL_MS,
  BLOG_POST_MISS_TTL_MS,
  BLOG_POSTS_PER_PAGE,
  blogPostCacheKey,
  clearBlogPostCache,
  getPublishedPost,
  invalidateBlogPost,
  listFeedPosts,
  listPublishedPosts,
} from "./blog";

const { handle } = useTestDatabase();

function post(i: number, extra: Partial<NewBlogPost> = {}): NewBlogPost {
  return {
    title: `Post ${i}`,
    slug: `post-${i}`,
    excerpt: `Excerpt ${i}`,
    content: `# Post ${i}\n\nBody of post ${i}.`,
    published: true,
    published_at: new Date(Date.UTC(2026, 0, 1 + i)),
    created_at: new Date(Date.UTC(2025, 11, 1 + i)),
    author: `Author ${i}`,
    tags: ["tag-a", `tag-${i}`],
    ...extra,
  };
}

describe("blog service on PostgreSQL", () => {
  beforeAll(async () => {
    const rows = Array.from({ length: 12 }, (_, i) => post(i + 1));
    rows.push(post(90, { slug: "draft", published: false, published_at: null }));
    rows.push(post(91, { slug: "future-draft", published: false, published_at: new Date(Date.UTC(2030, 0, 1)) }));
    await handle().db.insertInto("blog_posts").values(rows).execute();
  });

  afterEach(() => {
    vi.useRealTimers();
    clearBlogPostCache();
  });

  it("lists published posts only, newest published_at first, 10 per page with the exact total", async () => {
    const first = await listPublishedPosts(1);
    expect(first.total).toBe(12);
    expect(first.posts).toHaveLength(BLOG_POSTS_PER_PAGE);
    expect(first.posts.map((p) => p.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `post-${12 - i}`));
    expect(first.posts[0]).toMatchObject({ title: "Post 12", excerpt: "Excerpt 12", author: "Author 12", tags: ["tag-a", "tag-12"] });
    expect(first.posts[0]?.content_start).toContain("Body of post 12.");

    const second = await listPublishedPosts(2);
    expect(second.total).toBe(12);
    expect(second.posts.map((p) => p.slug)).toEqual(["post-2", "post-1"]);
    expect((await listPublishedPosts(3)).posts).toEqual([]);
    // Out-of-range input never produces a negative offset.
    expect((await listPublishedPosts(0)).posts).toHaveLength(10);
  });

  it("feeds the newest published posts and no drafts", async () => {
    const feed = await listFeedPosts();
    expect(feed).toHaveLength(12);
    expect(feed.some((p) => p.slug.includes("draft"))).toBe(false);
    expect((await listFeedPosts(3)).map((p) => p.slug)).toEqual(["post-12", "post-11", "post-10"]);
  });

  it("looks posts up by slug, published only", async () => {
    const found = await getPublishedPost("post-3");
    expect(found).toMatchObject({ title: "Post 3", slug: "post-3", author: "Author 3", content: "# Post 3\n\nBody of post 3." });
    expect(await getPublishedPost("draft")).toBeUndefined();
    expect(await getPublishedPost("future-draft")).toBeUndefined();
    expect(await getPublishedPost("no-such-post")).toBeUndefined();
    expect(await getPublishedPost("")).toBeUndefined();
    expect(await getPublishedPost("x".repeat(5000))).toBeUndefined();
    expect(await getPublishedPost("'; DROP TABLE blog_posts; --")).toBeUndefined();
  });

  it("serves repeated lookups from the cache until the post is invalidated", async () => {
    expect(blogPostCacheKey("post-4")).toBe("blog_post_post-4");
    const first = await getPublishedPost("post-4");
    // A change made behind the service's back is not seen while the entry is fresh...
    await handle().db.updateTable("blog_posts").set({ title: "Changed directly" }).where("slug", "=", "post-4").execute();
    const cached = await getPublishedPost("post-4");
    expect(cached).toBe(first);
    expect(cached?.title).toBe("Post 4");
    // ...and is seen right after invalidation.
    invalidateBlogPost("post-4");
    expect((await getPublishedPost("post-4"))?.title).toBe("Changed directly");
  });

  it("shares one query between concurrent lookups of the same slug", async () => {
    const [a, b] = await Promise.all([getPublishedPost("post-5"), getPublishedPost("post-5")]);
    expect(a).toBeDefined();
    expect(a).toBe(b);
  });

  it("expires entries after the TTL", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-01T00:00:00Z"));
    await getPublishedPost("post-6");
    await handle().db.updateTable("blog_posts").set({ title: "Post 6, revised" }).where("slug", "=", "post-6").execute();
    vi.setSystemTime(Date.now() + BLOG_POST_CACHE_TTL_MS - 1000);
    expect((await getPublishedPost("post-6"))?.title).toBe("Post 6");
    vi.setSystemTime(Date.now() + 2000);
    expect((await getPublishedPost("post-6"))?.title).toBe("Post 6, revised");
  });

  it("remembers a miss only briefly: a newly published post appears without invalidation", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-01T00:00:00Z"));
    expect(await getPublishedPost("draft")).toBeUndefined();
    await handle().db.updateTable("blog_posts").set({ published: true, published_at: new Date() }).where("slug", "=", "draft").execute();
    expect(await getPublishedPost("draft")).toBeUndefined();
    vi.setSystemTime(Date.now() + BLOG_POST_MISS_TTL_MS + 1);
    expect((await getPublishedPost("draft"))?.title).toBe("Post 90");
    await handle().db.updateTable("blog_posts").set({ published: false, published_at: null }).where("slug", "=", "draft").execute();
  });
});
