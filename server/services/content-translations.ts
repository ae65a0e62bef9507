import type { Chapter } from "../../core/chapters";
import { checkChapters } from "../../core/chapters-schema";
import { memoize } from "../../core/intl-formatters";
import { DEFAULT_LOCALE, type Locale } from "../../core/locales";
import type { PlaylistQueue } from "../../core/playlists";
import { TtlCache } from "../cache";
import { getDb } from "../db/connection";
import { prepared } from "../db/prepared";
import { sharedCache } from "../realtime/shared-caches";
import { type CategoryLink, listCategories } from "./categories";

/**
 * What a public page shows of a video or a category in the page's language (docs/i18n.md "Content"): the
 * language's published translation, else the English source. The one place each entity is translated: the
 * readers (listings, search, the video page, playlists, favorites, history, the category lists) pass what they
 * read through these, so the English queries and their indexes stay as they were and an English page costs nothing
 * more. A field whose text is in another language than the page's says which (`*_lang`), and the page marks it
 * with `lang` (docs/i18n.md).
 */

/** The language of a shown text, set only where it differs from the page's (the English fallback). */
export interface CardLangs {
  title_lang?: Locale;
  category_lang?: Locale;
}

/** A category's shown texts in one language: published translations by category id. */
type CategoryTexts = Map<string, { name: string; description: string | null }>;

// Category names appear on every page and change rarely: the published translations per language, a minute
// (invalidated by every save, server/services/translation-admin.ts).
export const CATEGORY_TRANSLATIONS = "category-translations";
const categoryTexts = sharedCache(CATEGORY_TRANSLATIONS, new TtlCache<CategoryTexts>({ ttlMs: 60_000, maxEntries: 8 }));

async function publishedCategoryTexts(locale: Locale): Promise<CategoryTexts> {
  return categoryTexts.get(locale, async () => {
    const rows = await getDb()
      .selectFrom("category_translations")
      .select(["category_id", "name", "description"])
      .where("locale", "=", locale)
      .where("state", "=", "published")
      .execute();
    return new Map(rows.map((r) => [r.category_id, { name: r.name, description: r.description }]));
  });
}

/** The shown name of each category by its English name (cards carry the English name of their category). */
async function categoryNamesByEnglish(locale: Locale): Promise<Map<string, string>> {
  const [all, texts] = await Promise.all([listCategories(), publishedCategoryTexts(locale)]);
  return new Map(all.flatMap((c) => (texts.has(c.id) ? [[c.name, texts.get(c.id)!.name] as const] : [])));
}

export interface LocalizedCategory extends CategoryLink {
  /** The English name, which the category's address is made from (slugs stay English). */
  english_name: string;
  description: string | null;
  name_lang?: Locale;
  description_lang?: Locale;
}

/** Category links in `locale`: the published name where there is one, else English (marked). Order kept. */
export async function localizeCategories<T extends CategoryLink & { description?: string | null }>(
  list: readonly T[],
  locale: Locale,
): Promise<(T & LocalizedCategory)[]> {
  const texts = locale === DEFAULT_LOCALE ? new Map() : await publishedCategoryTexts(locale);
  return list.map((c) => {
    const t = texts.get(c.id);
    const description = t?.description ?? c.description ?? null;
    return {
      ...c,
      english_name: c.name,
      name: t?.name ?? c.name,
      description,
      ...(locale !== DEFAULT_LOCALE && !t ? { name_lang: DEFAULT_LOCALE } : {}),
      ...(locale !== DEFAULT_LOCALE && description !== null && !t?.description ? { description_lang: DEFAULT_LOCALE } : {}),
    };
  });
}

// One collator per language for the process: building one costs more than the menu's sort (every page renders the
// menu; 1-2 % of a render, docs/benchmarks.md "Issue 35: renders").
const collatorIn = memoize((locale: Locale) => new Intl.Collator(locale));

/** The header's category menu: names in the page's language, in its alphabetical order, English ones marked. */
export function categoryMenu(list: readonly LocalizedCategory[], locale: Locale): { name: string; slug: string; lang?: Locale }[] {
  const collator = collatorIn(locale);
  return list
    .map((c) => ({ name: c.name, slug: c.slug, ...(c.name_lang && { lang: c.name_lang }) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

const publishedTitles = prepared((locale: string, ids: string[]) =>
  getDb()
    .selectFrom("video_translations")
    .select(["video_id", "title"])
    .where("locale", "=", locale)
    .where("state", "=", "published")
    .where((eb) => eb("video_id", "=", eb.fn.any(eb.val(ids)))),
);

/**
 * Video cards in `locale`: each title from its published translation (one primary-key lookup per card, one
 * query), each category name from the cached category translations; what has none stays English, marked.
 */
export async function localizeCards<T extends { id: string; title: string; category_name: string | null }>(
  cards: readonly T[],
  locale: Locale,
): Promise<(T & CardLangs)[]> {
  if (locale === DEFAULT_LOCALE || cards.length === 0) return [...cards];
  const [rows, categories] = await Promise.all([
    publishedTitles(
      locale,
      cards.map((c) => c.id),
    ),
    categoryNamesByEnglish(locale),
  ]);
  const titles = new Map(rows.map((r) => [r.video_id, r.title]));
  return cards.map((c) => {
    const title = titles.get(c.id);
    const category = c.category_name === null ? undefined : categories.get(c.category_name);
    return {
      ...c,
      title: title ?? c.title,
      category_name: category ?? c.category_name,
      ...(title === undefined ? { title_lang: DEFAULT_LOCALE } : {}),
      ...(c.category_name !== null && category === undefined ? { category_lang: DEFAULT_LOCALE } : {}),
    };
  });
}

/** A playlist's play-through queue with its titles in `locale` (the items, the next and the previous). */
export async function localizeQueue(queue: PlaylistQueue, locale: Locale): Promise<PlaylistQueue> {
  if (locale === DEFAULT_LOCALE) return queue;
  const ids = [...new Set([...queue.items, queue.next, queue.previous].flatMap((v) => (v ? [v.id] : [])))];
  const titles = new Map((await publishedTitles(locale, ids)).map((r) => [r.video_id, r.title]));
  const titled = <T extends { id: string; title: string }>(v: T) => {
    const title = titles.get(v.id);
    return title === undefined ? { ...v, title_lang: DEFAULT_LOCALE } : { ...v, title };
  };
  return {
    ...queue,
    items: queue.items.map(titled),
    next: queue.next && titled(queue.next),
    previous: queue.previous && titled(queue.previous),
  };
}

/** The video page's texts in one language: what of them to show instead of English, and in which language each is. */
export interface LocalizedVideoTexts {
  title: string;
  description: string | null;
  title_lang?: Locale;
  description_lang?: Locale;
  /** The translated chapters, or the English ones (`chapters_lang` then says so). */
  chapters: Chapter[];
  chapters_lang?: Locale;
  category_name: string | null;
  category_lang?: Locale;
}

const publishedVideoTexts = prepared((videoId: string, locale: string) =>
  getDb()
    .selectFrom("video_translations")
    .select(["title", "description", "chapters"])
    .where("video_id", "=", videoId)
    .where("locale", "=", locale)
    .where("state", "=", "published"),
);

/**
 * A video's title, description, chapters and category name in `locale`. Each falls back on its own: a
 * translation without a description shows the English one, marked; translated chapters that no longer fit the
 * video (a shorter re-upload) give way to the English list.
 */
export async function localizeVideo(video: VideoSource, englishChapters: Chapter[], locale: Locale): Promise<LocalizedVideoTexts> {
  if (locale === DEFAULT_LOCALE) return englishTexts(video, locale, englishChapters);
  const [[row], categories] = await Promise.all([publishedVideoTexts(video.id, locale), categoryNamesByEnglish(locale)]);
  const en = DEFAULT_LOCALE;
  const parsed = row?.chapters ? checkChapters(row.chapters, video.duration) : undefined;
  const chapters = parsed?.ok && parsed.chapters.length ? parsed.chapters : undefined;
  const description = row?.description ?? null;
  const category = video.category_name === null ? undefined : categories.get(video.category_name);
  return {
    title: row?.title ?? video.title,
    ...(row ? {} : { title_lang: en }),
    description: description ?? video.description,
    ...(description === null && video.description !== null ? { description_lang: en } : {}),
    chapters: chapters ?? englishChapters,
    ...(chapters === undefined && englishChapters.length ? { chapters_lang: en } : {}),
    category_name: category ?? video.category_name,
    ...(category === undefined && video.category_name !== null ? { category_lang: en } : {}),
  };
}

interface VideoSource {
  id: string;
  title: string;
  description: string | null;
  duration: number;
  category_name: string | null;
}

/** The English texts as `locale`'s page shows them: each marked English where the page is not. */
export function englishTexts(video: VideoSource, locale: Locale, chapters: Chapter[] = []): LocalizedVideoTexts {
  const en = locale === DEFAULT_LOCALE ? {} : { lang: DEFAULT_LOCALE };
  return {
    title: video.title,
    description: video.description,
    chapters,
    category_name: video.category_name,
    ...(en.lang && { title_lang: en.lang }),
    ...(en.lang && video.description !== null && { description_lang: en.lang }),
    ...(en.lang && chapters.length > 0 && { chapters_lang: en.lang }),
    ...(en.lang && video.category_name !== null && { category_lang: en.lang }),
  };
}

/** Only the language markers of the video's own fields (for the page's data). */
export function textLangs(texts: LocalizedVideoTexts): Pick<LocalizedVideoTexts, "title_lang" | "description_lang" | "category_lang"> {
  return {
    ...(texts.title_lang && { title_lang: texts.title_lang }),
    ...(texts.description_lang && { description_lang: texts.description_lang }),
    ...(texts.category_lang && { category_lang: texts.category_lang }),
  };
}
