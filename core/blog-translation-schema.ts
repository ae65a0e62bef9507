import { blogPostFormSchema } from "./blog-post-schema";
import type { z } from "./zod";

/**
 * A blog post's version in another language (docs/i18n.md "Content"): the texts a reader of that language reads,
 * with the English editor's limits and messages (the same fields of blogPostFormSchema). The slug, author, tags,
 * images and canonical URL are the English post's. Its languages and states are every translation's
 * (core/translations.ts).
 */

export const blogTranslationFormSchema = blogPostFormSchema.in.pick({
  title: true,
  excerpt: true,
  content: true,
  meta_title: true,
  meta_description: true,
  og_title: true,
  og_description: true,
  twitter_card_title: true,
  twitter_card_description: true,
});

export type BlogTranslationInput = z.output<typeof blogTranslationFormSchema>;
export type BlogTranslationField = keyof BlogTranslationInput;
export const BLOG_TRANSLATION_FIELDS = Object.keys(blogTranslationFormSchema.shape) as BlogTranslationField[];
