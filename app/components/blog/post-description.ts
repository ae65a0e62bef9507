import { plainExcerpt } from "~core/markdown";
import { truncate } from "~core/text";

const blank = (v: string | null | undefined) => !v?.trim();

/**
 * docs/product.md "Page metadata": meta_description, else the excerpt, else the first 160 characters of the content
 * as plain text. Apart from the post's metadata (./seo.ts): the post page's JavaScript needs no markdown reader.
 */
export function postDescription(post: { meta_description: string | null; excerpt: string | null; content: string }): string {
  if (!blank(post.meta_description)) return truncate(post.meta_description as string, 300);
  if (!blank(post.excerpt)) return truncate(post.excerpt as string, 300);
  return plainExcerpt(post.content, 160);
}
