import { blogPostFormSchema } from "./blog-post-schema";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";
import type { z } from "./zod";

/**
 * A blog post's version in another language (docs/i18n.md "Content"): the texts a reader of that language reads,
 * with the English editor's limits and messages (the same fields of blogPostFormSchema). The slug, author, tags,
 * images and canonical URL are the English post's.
 */

/** The languages a post is translated into: every one but English. */
export const TRANSLATION_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE) as Exclude<Locale, "en">[];
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];

export function isTranslationLocale(value: unknown): value is TranslationLocale {
  return typeof value === "string" && (TRANSLATION_LOCALES as readonly string[]).includes(value);
}

/** A version's state; a language with no version is missing. */
export type TranslationState = "draft" | "published";
export type TranslationStatus = TranslationState | "missing";

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
