import { checkChapters } from "../../core/chapters-schema";
import type {
  CategoryTranslationFields,
  CategoryTranslationForm,
  TranslationFieldErrors,
  VideoTranslationFields,
  VideoTranslationForm,
} from "../../core/translation-schema";
import { TRANSLATED_LOCALES } from "../../core/translations";
import { getDb } from "../db/connection";
import { invalidate, invalidatePages } from "../realtime/shared-caches";
import { type Actor, recordAdminAction } from "./audit-log";
import { invalidateCategoryLists } from "./categories";
import { CategoryNotFoundError } from "./category-admin";
import { CATEGORY_TRANSLATIONS } from "./content-translations";
import { VideoNotFoundError } from "./video-admin";
import { isVideoId } from "./videos";

/**
 * The console's side of translated content (docs/i18n.md "Content"): each language's version of a video or a
 * category as its form shows it (missing, draft or published), and its save, checked with the English fields'
 * rules (core/translation-schema.ts; chapters against the video's length, read under its row lock), audited as
 * `video.translation` / `category.translation` with the version before and after, and shown at once: every
 * cached page is dropped (the title is on listings everywhere) and the category names reload in every process.
 */

/** A field the service refused after the form's schema passed (the chapters against the video's length). */
export class TranslationFieldsError extends Error {
  override name = "TranslationFieldsError";
  constructor(readonly errors: TranslationFieldErrors) {
    super(Object.values(errors).join(" "));
  }
}

/** One form per language, in the languages' order; a missing one is empty. */
export async function videoTranslationsForEditing(videoId: string): Promise<VideoTranslationForm[]> {
  if (!isVideoId(videoId)) return [];
  const rows = await getDb().selectFrom("video_translations").selectAll().where("video_id", "=", videoId).execute();
  return TRANSLATED_LOCALES.map((locale) => {
    const row = rows.find((r) => r.locale === locale);
    return {
      locale,
      status: row?.state ?? "missing",
      title: row?.title ?? "",
      description: row?.description ?? "",
      chapters: row?.chapters ?? "",
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    };
  });
}

/**
 * One category's English description and its forms in the other languages, or null when there is no such
 * category (its page in the console, `/admin/categories/<id>`).
 */
export async function categoryForEditing(
  categoryId: string,
): Promise<{ description: string | null; translations: CategoryTranslationForm[] } | null> {
  const [category, rows] = await Promise.all([
    getDb().selectFrom("categories").select("description").where("id", "=", categoryId).executeTakeFirst(),
    getDb().selectFrom("category_translations").selectAll().where("category_id", "=", categoryId).execute(),
  ]);
  if (!category) return null;
  return {
    description: category.description,
    translations: TRANSLATED_LOCALES.map((locale) => {
      const row = rows.find((r) => r.locale === locale);
      return {
        locale,
        status: row?.state ?? "missing",
        name: row?.name ?? "",
        description: row?.description ?? "",
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    }),
  };
}

/** Sets a category's English description (null removes it), audited as `category.describe`. */
export async function saveCategoryDescription(categoryId: string, description: string | null, actor: Actor): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("categories").select("description").where("id", "=", categoryId).forUpdate().executeTakeFirst();
      if (!before) throw new CategoryNotFoundError();
      await trx.updateTable("categories").set({ description }).where("id", "=", categoryId).execute();
      await recordAdminAction(trx, { actor, action: "category.describe", target: categoryId, before, after: { description } });
    });
  await Promise.all([invalidateCategoryLists(), invalidatePages()]);
}

/** Saves a video's version in one language (created or replaced). */
export async function saveVideoTranslation(videoId: string, fields: VideoTranslationFields, actor: Actor): Promise<void> {
  if (!isVideoId(videoId)) throw new VideoNotFoundError("This video no longer exists.");
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const video = await trx.selectFrom("videos").select("duration").where("id", "=", videoId).forUpdate().executeTakeFirst();
      if (!video) throw new VideoNotFoundError("This video no longer exists.");
      if (fields.chapters !== null) {
        const checked = checkChapters(fields.chapters, video.duration);
        if (!checked.ok) throw new TranslationFieldsError({ chapters: checked.problems.join(" ") });
      }
      const before = await trx
        .selectFrom("video_translations")
        .select(["title", "description", "chapters", "state"])
        .where("video_id", "=", videoId)
        .where("locale", "=", fields.locale)
        .executeTakeFirst();
      const after = { title: fields.title, description: fields.description, chapters: fields.chapters, state: fields.state };
      await trx
        .insertInto("video_translations")
        .values({ video_id: videoId, locale: fields.locale, ...after })
        .onConflict((oc) => oc.columns(["video_id", "locale"]).doUpdateSet({ ...after, updated_at: new Date() }))
        .execute();
      await recordAdminAction(trx, {
        actor,
        action: "video.translation",
        target: videoId,
        before: before ? { locale: fields.locale, ...before } : { locale: fields.locale, state: "missing" },
        after: { locale: fields.locale, ...after },
      });
    });
  await invalidatePages();
}

/** Saves a category's version in one language (created or replaced). */
export async function saveCategoryTranslation(categoryId: string, fields: CategoryTranslationFields, actor: Actor): Promise<void> {
  if (!isVideoId(categoryId)) throw new CategoryNotFoundError(); // not a uuid (the same check as a video id's)
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const category = await trx.selectFrom("categories").select("id").where("id", "=", categoryId).forUpdate().executeTakeFirst();
      if (!category) throw new CategoryNotFoundError();
      const before = await trx
        .selectFrom("category_translations")
        .select(["name", "description", "state"])
        .where("category_id", "=", categoryId)
        .where("locale", "=", fields.locale)
        .executeTakeFirst();
      const after = { name: fields.name, description: fields.description, state: fields.state };
      await trx
        .insertInto("category_translations")
        .values({ category_id: categoryId, locale: fields.locale, ...after })
        .onConflict((oc) => oc.columns(["category_id", "locale"]).doUpdateSet({ ...after, updated_at: new Date() }))
        .execute();
      await recordAdminAction(trx, {
        actor,
        action: "category.translation",
        target: categoryId,
        before: before ? { locale: fields.locale, ...before } : { locale: fields.locale, state: "missing" },
        after: { locale: fields.locale, ...after },
      });
    });
  await Promise.all([invalidate(CATEGORY_TRANSLATIONS), invalidateCategoryLists(), invalidatePages()]);
}
