import fs from "node:fs";
import path from "node:path";
import type { NewBlogPost } from "../db/schema";
import { parseFrontmatter } from "./frontmatter";

const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** Reads the demo blog posts from content/blog/*.md into insertable rows. */
export function readBlogFiles(dir: string): NewBlogPost[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((file) => {
      const { data, body } = parseFrontmatter(fs.readFileSync(path.join(dir, file), "utf8"));
      const slug = orNull(data.slug) ?? file.replace(/\.md$/, "");
      const published = data.published === "true";
      return {
        title: data.title ?? slug,
        slug,
        excerpt: orNull(data.excerpt),
        content: body,
        published,
        published_at: published ? (orNull(data.published_at) ?? new Date().toISOString()) : null,
        created_at: orNull(data.created_at) ?? orNull(data.published_at) ?? new Date().toISOString(),
        author: orNull(data.author),
        tags: (data.tags ?? "")
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
        meta_title: orNull(data.meta_title),
        meta_description: orNull(data.meta_description),
        og_title: orNull(data.og_title),
        og_description: orNull(data.og_description),
        og_image_url: orNull(data.og_image_url),
        twitter_card_title: orNull(data.twitter_card_title),
        twitter_card_description: orNull(data.twitter_card_description),
        twitter_card_image_url: orNull(data.twitter_card_image_url),
        canonical_url: orNull(data.canonical_url),
      };
    });
}
