import { assertNoMinorSuggestingTerms } from "../../core/content-safety";
import { isTranslatedLocale } from "../../core/translations";
import type { BlogFiles } from "../content/blog-files";
import type { NewBlogPostTranslation } from "../db/schema";

/**
 * The demo blog's translations (content/blog/<slug>.<locale>.md), seeded published (docs/i18n.md "Content"). A file
 * whose locale is no language of the site, or whose slug names no English post, stops the seed rather than
 * vanishing; server/seed/demo-texts.test.ts says which file.
 */
export function checkBlogTranslations({ posts, translations }: BlogFiles): void {
  const slugs = new Set(posts.map((p) => p.slug));
  for (const t of translations) {
    if (!isTranslatedLocale(t.locale))
      throw new Error(`content/blog/${t.file}: "${t.locale}" is not a language the blog is translated into`);
    if (!slugs.has(t.slug)) throw new Error(`content/blog/${t.file}: no English post has the slug "${t.slug}"`);
    assertNoMinorSuggestingTerms({ title: t.title });
  }
}

/** The rows for blog_post_translations, once the English posts have their ids. */
export function blogTranslationRows(files: BlogFiles, inserted: { id: string; slug: string }[]): NewBlogPostTranslation[] {
  const idOf = new Map(inserted.map((p) => [p.slug, p.id]));
  return files.translations.map(({ file: _file, slug, ...t }) => {
    const post_id = idOf.get(slug);
    if (!post_id) throw new Error(`content/blog/${_file}: no English post has the slug "${slug}"`);
    return { ...t, post_id, state: "published", updated_at: t.published_at };
  });
}
