import type { BlogTranslationInput } from "../../core/blog-translation-schema";
import { assertNoMinorSuggestingTerms } from "../../core/content-safety";
import { statusesOf, type TranslatedLocale, type TranslationState, type TranslationStatus } from "../../core/translations";
import { getDb } from "../db/connection";
import type { BlogPostTranslation } from "../db/schema";
import { type Actor, recordAdminAction } from "./audit-log";
import { invalidateBlogPost } from "./blog";
import { BlogPostNotFoundError } from "./blog-console";

/**
 * The console's side of a post's versions in the other languages (docs/i18n.md "Content"): read, save (a draft or
 * published), delete (the language is missing again); what is missing is the console's Translations page's
 * (server/services/translation-status.ts). Like the English edits
 * (blog-console.ts): the policy on every text, one transaction with its audit record, the post's cache entry
 * dropped everywhere once committed (the public list and the sitemap read the table directly).
 */

/** A post's versions by language; a language without one is missing. */
export async function getTranslations(postId: string): Promise<Partial<Record<TranslatedLocale, BlogPostTranslation>>> {
  const rows = await getDb().selectFrom("blog_post_translations").selectAll().where("post_id", "=", postId).execute();
  return Object.fromEntries(rows.map((r) => [r.locale, r]));
}

/** Each post's state in each other language, for the console's list. */
export async function translationStatuses(postIds: readonly string[]): Promise<Map<string, Record<TranslatedLocale, TranslationStatus>>> {
  const rows = postIds.length
    ? await getDb()
        .selectFrom("blog_post_translations")
        .select(["post_id", "locale", "state"])
        .where("post_id", "in", [...postIds])
        .execute()
    : [];
  return new Map(postIds.map((id) => [id, statusesOf(rows.filter((r) => r.post_id === id))]));
}

/** The audit log's target for a version: the post's slug and the language, as the console's recent changes list it. */
const auditTarget = (slug: string, locale: TranslatedLocale) => `${slug} (${locale})`;

/** What the audit log keeps of a version: enough to tell what changed, not the whole content. */
function auditView(t: BlogPostTranslation) {
  return { locale: t.locale, title: t.title, state: t.state, excerpt: t.excerpt, content_length: t.content.length };
}

/**
 * Saves a post's version in `locale` (created when missing) and, when `state` is given, sets it (else a new
 * version is a draft and an existing one keeps its state). Audited as `blog.translation.update` (when anything
 * changed) and `blog.translation.publish` / `.unpublish` (when the state changes), targeting "<slug> (<locale>)".
 * Throws ContentSafetyError (nothing stored) or BlogPostNotFoundError.
 */
export async function saveBlogTranslation(
  postId: string,
  locale: TranslatedLocale,
  fields: BlogTranslationInput,
  actor: Actor,
  opts: { state?: TranslationState } = {},
): Promise<BlogPostTranslation> {
  assertNoMinorSuggestingTerms({ ...fields });
  const { slug, after } = await getDb()
    .transaction()
    .execute(async (trx) => {
      // The post locked: a delete cannot race the insert, and two saves are audited in order.
      const post = await trx.selectFrom("blog_posts").select(["id", "slug"]).where("id", "=", postId).forUpdate().executeTakeFirst();
      if (!post) throw new BlogPostNotFoundError(postId);
      const before = await trx
        .selectFrom("blog_post_translations")
        .selectAll()
        .where("post_id", "=", postId)
        .where("locale", "=", locale)
        .executeTakeFirst();
      const state = opts.state ?? before?.state ?? "draft";
      const textChanged = !before || (Object.keys(fields) as (keyof BlogTranslationInput)[]).some((k) => before[k] !== fields[k]);
      const stateChanged = state !== (before?.state ?? "draft");
      if (before && !textChanged && !stateChanged) return { slug: post.slug, after: before };
      const publishedAt = state === "published" ? (before?.published_at ?? new Date()) : (before?.published_at ?? null);
      const after = await trx
        .insertInto("blog_post_translations")
        .values({ post_id: postId, locale, ...fields, state, published_at: publishedAt, updated_at: new Date() })
        .onConflict((oc) =>
          oc.columns(["post_id", "locale"]).doUpdateSet({ ...fields, state, published_at: publishedAt, updated_at: new Date() }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      if (textChanged)
        await recordAdminAction(trx, {
          actor,
          action: "blog.translation.update",
          target: auditTarget(post.slug, locale),
          before: before ? auditView(before) : null,
          after: auditView(after),
        });
      if (stateChanged)
        await recordAdminAction(trx, {
          actor,
          action: state === "published" ? "blog.translation.publish" : "blog.translation.unpublish",
          target: auditTarget(post.slug, locale),
          before: { locale, state: before?.state ?? "missing" },
          after: { locale, state, published_at: after.published_at?.toISOString() ?? null },
        });
      return { slug: post.slug, after };
    });
  await invalidateBlogPost(slug);
  return after;
}

/** Deletes a post's version in `locale` (`blog.translation.delete`): the language is missing again. False when there was none. */
export async function deleteBlogTranslation(postId: string, locale: TranslatedLocale, actor: Actor): Promise<boolean> {
  const slug = await getDb()
    .transaction()
    .execute(async (trx) => {
      const post = await trx.selectFrom("blog_posts").select(["slug"]).where("id", "=", postId).forUpdate().executeTakeFirst();
      if (!post) throw new BlogPostNotFoundError(postId);
      const gone = await trx
        .deleteFrom("blog_post_translations")
        .where("post_id", "=", postId)
        .where("locale", "=", locale)
        .returningAll()
        .executeTakeFirst();
      if (!gone) return null;
      await recordAdminAction(trx, {
        actor,
        action: "blog.translation.delete",
        target: auditTarget(post.slug, locale),
        before: auditView(gone),
        after: null,
      });
      return post.slug;
    });
  if (slug) await invalidateBlogPost(slug);
  return slug !== null;
}
