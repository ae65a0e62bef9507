import { describe, expect, it } from "vitest";
import { ContentSafetyError } from "../../core/content-safety";
import { blogPostFields } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { listAuditEntries } from "./audit-log";
import { getPublishedPost, listFeedPosts, listPublishedPosts } from "./blog";
import {
  type BlogPostFields,
  BlogPostNotFoundError,
  BlogSlugTakenError,
  CONSOLE_POSTS_PER_PAGE,
  createBlogPost,
  deleteBlogPost,
  getPostById,
  listAllPosts,
  saveBlogPost,
  setBlogPostPublished,
} from "./blog-console";

const { handle } = useTestDatabase();
const admin = { id: "admin-1", email: "admin@example.com" };
const NO_POST = "00000000-0000-4000-8000-000000000000";

async function auditFor(slug: string) {
  return (await listAuditEntries({ actionPrefix: "blog.", limit: 500 })).filter((e) => e.target === slug).reverse();
}

describe("the console's blog writes", () => {
  it("creates a draft, audited in the same transaction; the public side does not see it", async () => {
    const post = await createBlogPost(blogPostFields("first-draft"), admin);
    expect(post).toMatchObject({ slug: "first-draft", published: false, published_at: null, tags: ["news"] });
    expect(await getPublishedPost("first-draft")).toBeUndefined();
    expect((await listPublishedPosts(1)).posts.some((p) => p.slug === "first-draft")).toBe(false);
    const [entry] = await auditFor("first-draft");
    expect(entry).toMatchObject({ actorEmail: admin.email, action: "blog.create", before: null, after: { title: "Title of first-draft" } });
    const row = await handle()
      .db.selectFrom("admin_audit_log")
      .select("actor_id")
      .where("target", "=", "first-draft")
      .executeTakeFirstOrThrow();
    expect(row.actor_id).toBe("admin-1");
  });

  it("publishes, edits, unpublishes and deletes; the cached public post, list and feed follow each change at once", async () => {
    const { id } = await createBlogPost(blogPostFields("lifecycle"), admin);
    // A miss remembered before publishing must not hide the post.
    expect(await getPublishedPost("lifecycle")).toBeUndefined();
    const published = await setBlogPostPublished(id, true, admin);
    expect(Math.abs(published.published_at!.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await getPublishedPost("lifecycle"))?.title).toBe("Title of lifecycle");
    expect((await listFeedPosts()).some((p) => p.slug === "lifecycle")).toBe(true);

    // Cached now: the edit is seen at once, and a rename drops the old address.
    await saveBlogPost(id, blogPostFields("lifecycle", { title: "Edited title" }), admin);
    expect((await getPublishedPost("lifecycle"))?.title).toBe("Edited title");
    await getPublishedPost("lifecycle-renamed"); // remembers a miss for the new slug
    await saveBlogPost(id, blogPostFields("lifecycle-renamed", { title: "Edited title" }), admin);
    expect(await getPublishedPost("lifecycle")).toBeUndefined();
    expect((await getPublishedPost("lifecycle-renamed"))?.title).toBe("Edited title");

    await saveBlogPost(id, blogPostFields("lifecycle-renamed", { title: "Edited title" }), admin, { publish: false });
    expect(await getPublishedPost("lifecycle-renamed")).toBeUndefined();
    expect((await listFeedPosts()).some((p) => p.slug === "lifecycle-renamed")).toBe(false);

    await saveBlogPost(id, blogPostFields("lifecycle-renamed", { title: "Edited title" }), admin, { publish: true });
    expect((await getPublishedPost("lifecycle-renamed"))?.title).toBe("Edited title");
    await deleteBlogPost(id, admin);
    expect(await getPublishedPost("lifecycle-renamed")).toBeUndefined();
    expect(await getPostById(id)).toBeUndefined();

    const actions = [...(await auditFor("lifecycle")), ...(await auditFor("lifecycle-renamed"))].map((e) => e.action);
    expect(actions).toEqual(["blog.create", "blog.publish", "blog.update", "blog.update", "blog.unpublish", "blog.publish", "blog.delete"]);
  });

  it("a save without changes records nothing; the same minute keeps the stored publication instant", async () => {
    const stamped = new Date("2026-03-04T05:06:07.890Z");
    const { id } = await createBlogPost(blogPostFields("quiet", { published_at: stamped }), admin, { publish: true });
    const before = (await auditFor("quiet")).length;
    const saved = await saveBlogPost(id, blogPostFields("quiet", { published_at: new Date("2026-03-04T05:06:00Z") }), admin);
    expect(saved.published_at?.toISOString()).toBe(stamped.toISOString());
    await setBlogPostPublished(id, true, admin);
    expect((await auditFor("quiet")).length).toBe(before);
    expect((await auditFor("quiet")).map((e) => e.action)).toEqual(["blog.create", "blog.publish"]);
  });

  it("refuses a taken slug with BlogSlugTakenError, also when two creates race, and stores nothing", async () => {
    await createBlogPost(blogPostFields("taken"), admin);
    await expect(createBlogPost(blogPostFields("taken", { title: "Another" }), admin)).rejects.toBeInstanceOf(BlogSlugTakenError);
    const other = await createBlogPost(blogPostFields("other"), admin);
    await expect(saveBlogPost(other.id, blogPostFields("taken"), admin)).rejects.toThrow(/already uses the slug "taken"/);
    expect((await getPostById(other.id))?.slug).toBe("other");

    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => createBlogPost(blogPostFields("race", { title: `Racer ${i}` }), admin)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(BlogSlugTakenError);
    const rows = await handle().db.selectFrom("blog_posts").select("id").where("slug", "=", "race").execute();
    expect(rows).toHaveLength(1);
    expect((await auditFor("race")).map((e) => e.action)).toEqual(["blog.create"]);
  });

  it("applies the content policy to title, excerpt, content and tags, naming the field; nothing is stored", async () => {
    const cases: [Partial<BlogPostFields>, string][] = [
      [{ title: "For teens" }, "title"],
      [{ excerpt: "schoolgirl" }, "excerpt"],
      [{ content: "Body about a 15yo" }, "content"],
      [{ tags: ["fine", "Lolita"] }, "tags"],
      [{ meta_description: "kids" }, "meta_description"],
    ];
    for (const [extra, field] of cases) {
      const err = await createBlogPost(blogPostFields("policy", extra), admin).catch((e: unknown) => e);
      expect(err, field).toBeInstanceOf(ContentSafetyError);
      expect((err as ContentSafetyError).field).toBe(field);
    }
    expect(await handle().db.selectFrom("blog_posts").select("id").where("slug", "=", "policy").execute()).toEqual([]);
    const { id } = await createBlogPost(blogPostFields("policy"), admin);
    await expect(saveBlogPost(id, blogPostFields("policy", { content: "minors" }), admin)).rejects.toBeInstanceOf(ContentSafetyError);
    expect((await getPostById(id))?.content).toContain("The body of policy.");
  });

  it("answers BlogPostNotFoundError for an unknown id", async () => {
    await expect(saveBlogPost(NO_POST, blogPostFields("ghost"), admin)).rejects.toBeInstanceOf(BlogPostNotFoundError);
    await expect(setBlogPostPublished(NO_POST, true, admin)).rejects.toBeInstanceOf(BlogPostNotFoundError);
    await expect(deleteBlogPost(NO_POST, admin)).rejects.toBeInstanceOf(BlogPostNotFoundError);
  });

  it("lists every post, drafts included, newest first, one page at a time", async () => {
    const before = (await listAllPosts(1)).total;
    for (let i = 0; i < CONSOLE_POSTS_PER_PAGE + 1; i++) await createBlogPost(blogPostFields(`page-${i}`), admin);
    const first = await listAllPosts(1);
    expect(first.total).toBe(before + CONSOLE_POSTS_PER_PAGE + 1);
    expect(first.posts).toHaveLength(CONSOLE_POSTS_PER_PAGE);
    expect(first.posts[0]?.slug).toBe(`page-${CONSOLE_POSTS_PER_PAGE}`);
    expect(first.posts.every((p) => p.published === false)).toBe(true);
    const second = await listAllPosts(2);
    expect(second.posts[0]?.slug).toBe("page-0");
  });
});
