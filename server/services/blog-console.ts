import { sql } from "kysely";
import { assertNoMinorSuggestingTerms } from "../../core/content-safety";
import { getDb } from "../db/connection";
import type { BlogPost } from "../db/schema";
import { type Actor, recordAdminAction } from "./audit-log";
import { invalidateBlogPost } from "./blog";

/**
 * The blog's console side (issue 11): the list of every post and the writes. Every change is one transaction
 * with its audit record, and every one drops the post's cache entries everywhere once committed. The public
 * list, the feed and the sitemap read the table directly (blog.ts), so they show a change at once; only the
 * per-slug post cache needs invalidating.
 */

/** A post the console asked for does not exist (any more). */
export class BlogPostNotFoundError extends Error {
  constructor(id: string) {
    super(`No blog post with id ${id}`);
    this.name = "BlogPostNotFoundError";
  }
}

/** Another post already uses the slug (also raised when two creates race: the unique index decides). */
export class BlogSlugTakenError extends Error {
  readonly field = "slug";
  constructor(readonly slug: string) {
    super(`Another post already uses the slug "${slug}". Choose another one.`);
    this.name = "BlogSlugTakenError";
  }
}

/** One row of the console's list: every post, drafts included. */
export interface ConsolePostSummary {
  id: string;
  title: string;
  slug: string;
  published: boolean;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const CONSOLE_POSTS_PER_PAGE = 20;

/** Every post, newest first (by creation), one page at a time, with the exact total. */
export async function listAllPosts(page: number): Promise<{ posts: ConsolePostSummary[]; total: number }> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * CONSOLE_POSTS_PER_PAGE;
  const db = getDb();
  const [posts, total] = await Promise.all([
    db
      .selectFrom("blog_posts")
      .select(["id", "title", "slug", "published", "published_at", "created_at", "updated_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(CONSOLE_POSTS_PER_PAGE)
      .offset(offset)
      .execute(),
    db.selectFrom("blog_posts").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { posts, total: Number(total.n) };
}

/** Any post (draft or published) by id, for the editor; undefined when there is none. */
export async function getPostById(id: string): Promise<BlogPost | undefined> {
  return getDb().selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** What the editor saves: every column but the id, the state and the timestamps the service keeps. */
export type BlogPostFields = Pick<
  BlogPost,
  | "title"
  | "slug"
  | "excerpt"
  | "content"
  | "author"
  | "tags"
  | "meta_title"
  | "meta_description"
  | "og_title"
  | "og_description"
  | "og_image_url"
  | "twitter_card_title"
  | "twitter_card_description"
  | "twitter_card_image_url"
  | "canonical_url"
  | "published_at"
>;

/** The policy (content-safety.ts) on every text a reader sees; throws ContentSafetyError naming the field. */
function assertPolicy(fields: BlogPostFields): void {
  assertNoMinorSuggestingTerms({
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    content: fields.content,
    tags: fields.tags,
    meta_title: fields.meta_title,
    meta_description: fields.meta_description,
    og_title: fields.og_title,
    og_description: fields.og_description,
    twitter_card_title: fields.twitter_card_title,
    twitter_card_description: fields.twitter_card_description,
  });
}

/** The unique index on blog_posts.slug refused the row: the slug is taken. */
function isSlugViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === "23505" && (e.constraint === undefined || e.constraint === "blog_posts_slug_key");
}

async function mapSlugViolation<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isSlugViolation(err)) throw new BlogSlugTakenError(slug);
    throw err;
  }
}

/** What the audit log keeps of a post: enough to tell what changed, not the whole content. */
function auditView(p: BlogPost) {
  return {
    title: p.title,
    slug: p.slug,
    published: p.published,
    published_at: p.published_at?.toISOString() ?? null,
    excerpt: p.excerpt,
    tags: p.tags,
    content_length: p.content.length,
  };
}

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** Whether the editor's fields differ from the stored row (dates compared by instant). */
function fieldsDiffer(row: BlogPost, fields: BlogPostFields): boolean {
  for (const [key, value] of Object.entries(fields) as [keyof BlogPostFields, unknown][]) {
    const stored = row[key];
    if (value instanceof Date || stored instanceof Date) {
      if ((value as Date | null)?.getTime() !== (stored as Date | null)?.getTime()) return true;
    } else if (changed(stored, value)) return true;
  }
  return false;
}

/**
 * Creates a post (a draft unless `publish`), audited as `blog.create` (and `blog.publish`). Throws
 * BlogSlugTakenError or ContentSafetyError with nothing stored.
 */
export async function createBlogPost(fields: BlogPostFields, actor: Actor, opts: { publish?: boolean } = {}): Promise<BlogPost> {
  assertPolicy(fields);
  const now = new Date();
  const publish = opts.publish === true;
  const row = await mapSlugViolation(fields.slug, () =>
    getDb()
      .transaction()
      .execute(async (trx) => {
        const created = await trx
          .insertInto("blog_posts")
          .values({
            ...fields,
            published: publish,
            published_at: fields.published_at ?? (publish ? now : null),
            // The database's clock (microseconds): posts created within one millisecond still list in order.
            created_at: sql<Date>`now()`,
            updated_at: sql<Date>`now()`,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAdminAction(trx, { actor, action: "blog.create", target: created.slug, before: null, after: auditView(created) });
        if (publish)
          await recordAdminAction(trx, { actor, action: "blog.publish", target: created.slug, before: null, after: auditView(created) });
        return created;
      }),
  );
  // A miss for this slug may be remembered (someone opened the address before it existed).
  await invalidateBlogPost(row.slug);
  return row;
}

/**
 * Saves the editor's fields (`blog.update`, when anything changed) and, when `publish` is given, sets the
 * state (`blog.publish` / `blog.unpublish`, when it changes), all in one transaction. Publishing without a
 * date stamps `published_at`.
 */
export async function saveBlogPost(id: string, fields: BlogPostFields, actor: Actor, opts: { publish?: boolean } = {}): Promise<BlogPost> {
  assertPolicy(fields);
  const result = await mapSlugViolation(fields.slug, () =>
    getDb()
      .transaction()
      .execute(async (trx) => {
        // Locked so that two admins' saves are recorded in order, each with its true "before".
        const before = await trx.selectFrom("blog_posts").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
        if (!before) throw new BlogPostNotFoundError(id);
        // No date keeps the stored one; the editor shows dates to the minute, so the same minute keeps the stored instant.
        const sameMinute =
          fields.published_at &&
          before.published_at &&
          Math.floor(fields.published_at.getTime() / 60_000) === Math.floor(before.published_at.getTime() / 60_000);
        if (!fields.published_at || sameMinute) fields = { ...fields, published_at: before.published_at };
        const publish = opts.publish ?? before.published;
        const stateChanges = publish !== before.published;
        if (!fieldsDiffer(before, fields) && !stateChanges) return { before, after: before };
        // Publishing without a date stamps it now.
        const publishedAt = fields.published_at ?? (publish ? new Date() : null);
        const after = await trx
          .updateTable("blog_posts")
          .set({ ...fields, published: publish, published_at: publishedAt, updated_at: new Date() })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (fieldsDiffer(before, fields))
          await recordAdminAction(trx, {
            actor,
            action: "blog.update",
            target: after.slug,
            before: auditView(before),
            after: auditView(after),
          });
        if (stateChanges)
          await recordAdminAction(trx, {
            actor,
            action: publish ? "blog.publish" : "blog.unpublish",
            target: after.slug,
            before: { published: before.published },
            after: { published: after.published, published_at: after.published_at?.toISOString() ?? null },
          });
        return { before, after };
      }),
  );
  await Promise.all([invalidateBlogPost(result.before.slug), invalidateBlogPost(result.after.slug)]);
  return result.after;
}

/** Publishes or unpublishes a post as it is (`blog.publish` / `blog.unpublish`); no change is not audited. */
export async function setBlogPostPublished(id: string, published: boolean, actor: Actor): Promise<BlogPost> {
  const row = await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("blog_posts").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
      if (!before) throw new BlogPostNotFoundError(id);
      if (before.published === published) return before;
      const after = await trx
        .updateTable("blog_posts")
        .set({
          published,
          published_at: published ? (before.published_at ?? new Date()) : before.published_at,
          updated_at: new Date(),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAdminAction(trx, {
        actor,
        action: published ? "blog.publish" : "blog.unpublish",
        target: after.slug,
        before: { published: before.published },
        after: { published: after.published, published_at: after.published_at?.toISOString() ?? null },
      });
      return after;
    });
  await invalidateBlogPost(row.slug);
  return row;
}

/** Deletes a post for good (`blog.delete`, keeping its audit view); throws BlogPostNotFoundError. */
export async function deleteBlogPost(id: string, actor: Actor): Promise<void> {
  const slug = await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("blog_posts").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
      if (!before) throw new BlogPostNotFoundError(id);
      await trx.deleteFrom("blog_posts").where("id", "=", id).execute();
      await recordAdminAction(trx, { actor, action: "blog.delete", target: before.slug, before: auditView(before), after: null });
      return before.slug;
    });
  await invalidateBlogPost(slug);
}
