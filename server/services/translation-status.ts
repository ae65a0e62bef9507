import { sql } from "kysely";
import { paths } from "../../core/paths";
import { TRANSLATION_LIST_LIMIT, type TranslationSection } from "../../core/translation-schema";
import { TRANSLATED_LOCALES, type TranslatedLocale, type TranslationStatus } from "../../core/translations";
import { getDb } from "../db/connection";

/**
 * The console's list of what is not translated yet (`/admin/translations`, docs/i18n.md "Content"): per kind of
 * content a section with, per language, how many items are missing or only drafted, and the items that are not
 * published in every language (newest first, a bounded number), each linking its edit form. Each section comes
 * from its own function in TRANSLATION_SECTIONS, so another kind of content (blog posts) joins by adding one.
 */

interface StatusRow {
  id: string;
  label: string;
  states: { locale: string; state: string }[] | null;
}

function itemStatus(row: StatusRow): Record<TranslatedLocale, TranslationStatus> {
  const found = new Map((row.states ?? []).map((s) => [s.locale, s.state as TranslationStatus]));
  return Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, found.get(l) ?? "missing"])) as Record<TranslatedLocale, TranslationStatus>;
}

function countsOf(total: number, rows: { locale: string; published: number; draft: number }[]): TranslationSection["counts"] {
  return TRANSLATED_LOCALES.map((locale) => {
    const row = rows.find((r) => r.locale === locale);
    const draft = row?.draft ?? 0;
    return { locale, missing: total - (row?.published ?? 0) - draft, draft };
  });
}

/** Every video but those taken down (they are never shown again). */
export async function videoTranslationSection(): Promise<TranslationSection> {
  const db = getDb();
  const [total, perLocale, rows] = await Promise.all([
    db.selectFrom("videos").select(sql<number>`count(*)::int`.as("n")).where("removed_at", "is", null).executeTakeFirstOrThrow(),
    db
      .selectFrom("video_translations as t")
      .innerJoin("videos as v", "v.id", "t.video_id")
      .where("v.removed_at", "is", null)
      .select([
        "t.locale",
        sql<number>`count(*) FILTER (WHERE t.state = 'published')::int`.as("published"),
        sql<number>`count(*) FILTER (WHERE t.state = 'draft')::int`.as("draft"),
      ])
      .groupBy("t.locale")
      .execute(),
    sql<StatusRow>`
      SELECT v.id::text, v.title AS label,
        (SELECT json_agg(json_build_object('locale', t.locale, 'state', t.state)) FROM video_translations t WHERE t.video_id = v.id) AS states
      FROM videos v
      WHERE v.removed_at IS NULL
        AND (SELECT count(*) FROM video_translations t WHERE t.video_id = v.id AND t.state = 'published') < ${TRANSLATED_LOCALES.length}
      ORDER BY v.upload_date DESC, v.id DESC
      LIMIT ${TRANSLATION_LIST_LIMIT}`.execute(db),
  ]);
  return {
    id: "videos",
    title: "Videos",
    total: total.n,
    counts: countsOf(total.n, perLocale),
    items: rows.rows.map((r) => ({ label: r.label, href: `${paths.admin.video(r.id)}#translations`, status: itemStatus(r) })),
  };
}

export async function categoryTranslationSection(): Promise<TranslationSection> {
  const db = getDb();
  const [total, perLocale, rows] = await Promise.all([
    db.selectFrom("categories").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
    db
      .selectFrom("category_translations")
      .select([
        "locale",
        sql<number>`count(*) FILTER (WHERE state = 'published')::int`.as("published"),
        sql<number>`count(*) FILTER (WHERE state = 'draft')::int`.as("draft"),
      ])
      .groupBy("locale")
      .execute(),
    sql<StatusRow>`
      SELECT c.id::text, c.name AS label,
        (SELECT json_agg(json_build_object('locale', t.locale, 'state', t.state)) FROM category_translations t WHERE t.category_id = c.id) AS states
      FROM categories c
      WHERE (SELECT count(*) FROM category_translations t WHERE t.category_id = c.id AND t.state = 'published') < ${TRANSLATED_LOCALES.length}
      ORDER BY c.name
      LIMIT ${TRANSLATION_LIST_LIMIT}`.execute(db),
  ]);
  return {
    id: "categories",
    title: "Categories",
    total: total.n,
    counts: countsOf(total.n, perLocale),
    items: rows.rows.map((r) => ({ label: r.label, href: `${paths.admin.categories()}#category-${r.id}`, status: itemStatus(r) })),
  };
}

/** The page's sections, in order: one function per kind of translated content. */
export const TRANSLATION_SECTIONS: readonly (() => Promise<TranslationSection>)[] = [videoTranslationSection, categoryTranslationSection];

export function translationSections(): Promise<TranslationSection[]> {
  return Promise.all(TRANSLATION_SECTIONS.map((section) => section()));
}
