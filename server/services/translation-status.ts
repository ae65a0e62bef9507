import { type RawBuilder, sql } from "kysely";
import { paths } from "../../core/paths";
import { TRANSLATION_LIST_LIMIT, type TranslationSection } from "../../core/translation-schema";
import { statusesOf, TRANSLATED_LOCALES, type TranslatedLocale, type TranslationState } from "../../core/translations";
import { getDb } from "../db/connection";

/**
 * The console's list of what is not translated yet (`/admin/translations`, docs/i18n.md "Content"): per kind of
 * content a section with, per language, how many items are missing or only drafted, and the items that are not
 * published in every language (a bounded number, in the kind's order), each linking its edit form. Each kind is
 * one ContentKind read by the same queries; another kind joins TRANSLATION_SECTIONS with its own.
 */

/** A kind of translated content: its English table (aliased `s`), its translations' table and how to list it. */
interface ContentKind {
  id: string;
  title: string;
  source: "videos" | "categories" | "blog_posts";
  translations: "video_translations" | "category_translations" | "blog_post_translations";
  /** The translations' column naming the English row. */
  key: "video_id" | "category_id" | "post_id";
  /** The English column listed as the item's label. */
  label: "title" | "name";
  /** Which English rows have readers (and so need translations). */
  counted: RawBuilder<boolean>;
  order: RawBuilder<unknown>;
  href: (id: string) => string;
  languageHref?: (id: string, locale: TranslatedLocale) => string;
}

interface StatusRow {
  id: string;
  label: string;
  states: { locale: string; state: TranslationState }[] | null;
}

function countsOf(total: number, rows: { locale: string; published: number; draft: number }[]): TranslationSection["counts"] {
  return TRANSLATED_LOCALES.map((locale) => {
    const row = rows.find((r) => r.locale === locale);
    const draft = row?.draft ?? 0;
    return { locale, missing: total - (row?.published ?? 0) - draft, draft };
  });
}

async function sectionOf(kind: ContentKind): Promise<TranslationSection> {
  const db = getDb();
  const source = sql.table(kind.source);
  const translations = sql.table(kind.translations);
  const key = sql.ref(`t.${kind.key}`);
  const [total, perLocale, rows] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM ${source} s WHERE ${kind.counted}`.execute(db),
    sql<{ locale: string; published: number; draft: number }>`
      SELECT t.locale,
        count(*) FILTER (WHERE t.state = 'published')::int AS published,
        count(*) FILTER (WHERE t.state = 'draft')::int AS draft
      FROM ${translations} t JOIN ${source} s ON s.id = ${key}
      WHERE ${kind.counted}
      GROUP BY t.locale`.execute(db),
    sql<StatusRow>`
      SELECT s.id::text, ${sql.ref(`s.${kind.label}`)} AS label,
        (SELECT json_agg(json_build_object('locale', t.locale, 'state', t.state)) FROM ${translations} t WHERE ${key} = s.id) AS states
      FROM ${source} s
      WHERE ${kind.counted}
        AND (SELECT count(*) FROM ${translations} t WHERE ${key} = s.id AND t.state = 'published') < ${TRANSLATED_LOCALES.length}
      ORDER BY ${kind.order}
      LIMIT ${TRANSLATION_LIST_LIMIT}`.execute(db),
  ]);
  const n = total.rows[0]?.n ?? 0;
  const { languageHref } = kind;
  return {
    id: kind.id,
    title: kind.title,
    total: n,
    counts: countsOf(n, perLocale.rows),
    items: rows.rows.map((r) => ({
      label: r.label,
      href: kind.href(r.id),
      status: statusesOf(r.states ?? []),
      ...(languageHref && {
        languageHrefs: Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, languageHref(r.id, l)])) as Record<TranslatedLocale, string>,
      }),
    })),
  };
}

/** Every video but those taken down (they are never shown again), newest first. */
export const videoTranslationSection = () =>
  sectionOf({
    id: "videos",
    title: "Videos",
    source: "videos",
    translations: "video_translations",
    key: "video_id",
    label: "title",
    counted: sql<boolean>`s.removed_at IS NULL`,
    order: sql`s.upload_date DESC, s.id DESC`,
    href: (id) => `${paths.admin.video(id)}#translations`,
  });

export const categoryTranslationSection = () =>
  sectionOf({
    id: "categories",
    title: "Categories",
    source: "categories",
    translations: "category_translations",
    key: "category_id",
    label: "name",
    counted: sql<boolean>`TRUE`,
    order: sql`s.name`,
    href: (id) => paths.admin.category(id),
  });

/** Published posts, newest first: an English draft has no readers yet. Each language has its own editor. */
export const blogTranslationSection = () =>
  sectionOf({
    id: "blog",
    title: "Blog posts",
    source: "blog_posts",
    translations: "blog_post_translations",
    key: "post_id",
    label: "title",
    counted: sql<boolean>`s.published`,
    order: sql`s.published_at DESC NULLS LAST, s.id DESC`,
    href: (id) => paths.admin.blogPost(id),
    languageHref: (id, lang) => paths.admin.blogPost(id, { lang }),
  });

/** The page's sections, in order: one function per kind of translated content. */
export const TRANSLATION_SECTIONS: readonly (() => Promise<TranslationSection>)[] = [
  videoTranslationSection,
  categoryTranslationSection,
  blogTranslationSection,
];

export function translationSections(): Promise<TranslationSection[]> {
  return Promise.all(TRANSLATION_SECTIONS.map((section) => section()));
}
