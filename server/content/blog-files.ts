import fs from "node:fs";
import path from "node:path";
import type { BlogPostTranslationsTable, NewBlogPost } from "../db/schema";
import { parseFrontmatter } from "./frontmatter";

const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * A post's version in another language from `<slug>.<locale>.md` (docs/i18n.md "Content"): the texts a translation
 * carries; the slug names the English post (the frontmatter's, else the file's), the rest of its frontmatter is
 * the English file's and is not read.
 */
export interface BlogFileTranslation extends Omit<BlogPostTranslationsTable, "post_id" | "state" | "published_at" | "updated_at"> {
  file: string;
  slug: string;
  /** As the file name spells it; the seed refuses one that is not a language of core/translations.ts. */
  locale: string;
  published_at: string;
}

export interface BlogFiles {
  posts: NewBlogPost[];
  translations: BlogFileTranslation[];
}

// `<slug>.md` is English, `<slug>.<locale>.md` a translation (a slug has no dots: core/blog-post-schema.ts).
const FILE = /^([^.]+)(?:\.([^.]+))?\.md$/;

/** Reads the demo blog from content/blog: the English posts as insertable rows, and their translations apart. */
export function readBlogFiles(dir: string): BlogFiles {
  const posts: NewBlogPost[] = [];
  const translations: BlogFileTranslation[] = [];
  for (const file of fs.readdirSync(dir).sort()) {
    const name = FILE.exec(file);
    if (!name?.[1]) continue;
    const { data, body } = parseFrontmatter(fs.readFileSync(path.join(dir, file), "utf8"));
    const slug = orNull(data.slug) ?? name[1];
    const texts = {
      title: data.title ?? slug,
      excerpt: orNull(data.excerpt),
      content: body,
      meta_title: orNull(data.meta_title),
      meta_description: orNull(data.meta_description),
      og_title: orNull(data.og_title),
      og_description: orNull(data.og_description),
      twitter_card_title: orNull(data.twitter_card_title),
      twitter_card_description: orNull(data.twitter_card_description),
    };
    if (name[2]) {
      translations.push({ file, slug, locale: name[2], ...texts, published_at: orNull(data.published_at) ?? new Date().toISOString() });
      continue;
    }
    const published = data.published === "true";
    posts.push({
      ...texts,
      slug,
      published,
      published_at: published ? (orNull(data.published_at) ?? new Date().toISOString()) : null,
      created_at: orNull(data.created_at) ?? orNull(data.published_at) ?? new Date().toISOString(),
      author: orNull(data.author),
      tags: (data.tags ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
      og_image_url: orNull(data.og_image_url),
      twitter_card_image_url: orNull(data.twitter_card_image_url),
      canonical_url: orNull(data.canonical_url),
    });
  }
  return { posts, translations };
}
