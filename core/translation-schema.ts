import { CHAPTERS_TEXT_MAX } from "./chapters-schema";
import { contentPolicy } from "./content-safety";
import { multilineText, plainText } from "./params";
import { TRANSLATED_LOCALES, TRANSLATION_STATES, type TranslatedLocale, type TranslationStatus } from "./translations";
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from "./video-schema";
import { z } from "./zod";

/**
 * The console's translation forms (docs/i18n.md "Content"): a video's title, description and chapters, a
 * category's name and description, in one language but English, each with its state. Checked with this same
 * schema in the browser and by the server, with the English fields' rules: the lengths, the content-safety policy
 * (whose rules of every language apply to every text, core/content-safety.ts) and, for chapters, the chapter
 * list's format against the video's length (core/chapters-schema.ts, checked by the service, which knows it).
 */

/** A translated category name: any script (its address stays the English slug's), a little longer than English's. */
export const CATEGORY_TRANSLATION_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 200;

const locale = z.enum(TRANSLATED_LOCALES as [TranslatedLocale, ...TranslatedLocale[]], "Choose one of the six languages");
const state = z.enum(TRANSLATION_STATES, "Choose draft or published");
const optionalText = (max: number, field: string, label: string) =>
  multilineText(max + 1000)
    .trim()
    .max(max, `The ${label} must be at most ${max} characters`)
    .superRefine(contentPolicy(field))
    .optional()
    .transform((d) => d || null);

export const videoTranslationSchema = z.object({
  locale,
  title: plainText(VIDEO_TITLE_MAX + 100)
    .trim()
    .min(1, "Enter a title")
    .max(VIDEO_TITLE_MAX, `The title must be at most ${VIDEO_TITLE_MAX} characters`)
    .superRefine(contentPolicy("title")),
  description: optionalText(VIDEO_DESCRIPTION_MAX, "description", "description"),
  /** The chapter list as text ("0:00 Opening" a line); empty: the English chapters show. */
  chapters: multilineText(CHAPTERS_TEXT_MAX)
    .optional()
    .transform((c) => (c?.trim() ? c : null)),
  state,
});

export const categoryTranslationSchema = z.object({
  locale,
  name: plainText(CATEGORY_TRANSLATION_NAME_MAX + 100)
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, "Enter a name")
        .max(CATEGORY_TRANSLATION_NAME_MAX, `The name must be at most ${CATEGORY_TRANSLATION_NAME_MAX} characters`),
    )
    .superRefine(contentPolicy("name")),
  description: optionalText(CATEGORY_DESCRIPTION_MAX, "description", "description"),
  state,
});

/** Items listed per section of the console's list: its counts cover them all. */
export const TRANSLATION_LIST_LIMIT = 100;

/** One kind of content on the console's list of what is not translated yet (server/services/translation-status.ts). */
export interface TranslationSection {
  id: string;
  title: string;
  /** How many items the site has of this kind. */
  total: number;
  counts: { locale: TranslatedLocale; missing: number; draft: number }[];
  items: {
    label: string;
    /** The item's edit page (its Translations section, or the English blog post). */
    href: string;
    status: Record<TranslatedLocale, TranslationStatus>;
    /** Where a kind edits each language on a page of its own (blog posts): that page per language. */
    languageHrefs?: Record<TranslatedLocale, string>;
  }[];
}

/** What a language's form starts from (a missing one empty). */
export interface VideoTranslationForm {
  locale: TranslatedLocale;
  status: TranslationStatus;
  title: string;
  description: string;
  chapters: string;
  updatedAt: string | null;
}

export interface CategoryTranslationForm {
  locale: TranslatedLocale;
  status: TranslationStatus;
  name: string;
  description: string;
  updatedAt: string | null;
}

/** The English one-line description of a category (the source its translations translate); empty removes it. */
export const categoryDescriptionSchema = z.object({
  categoryId: z.uuid("Unknown category"),
  description: optionalText(CATEGORY_DESCRIPTION_MAX, "description", "description"),
});

export type VideoTranslationFields = z.output<typeof videoTranslationSchema>;
export type CategoryTranslationFields = z.output<typeof categoryTranslationSchema>;
export type TranslationFieldErrors = Partial<Record<"locale" | "title" | "name" | "description" | "chapters" | "state" | "form", string>>;

/** The fields, or the first message for each refused field (one list for both forms). */
export function checkTranslation<S extends typeof videoTranslationSchema | typeof categoryTranslationSchema>(
  schema: S,
  raw: Record<string, string>,
): { ok: true; fields: z.output<S> } | { ok: false; errors: TranslationFieldErrors } {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, fields: parsed.data as z.output<S> };
  const errors: TranslationFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    const key = (
      ["locale", "title", "name", "description", "chapters", "state"].includes(field) ? field : "form"
    ) as keyof TranslationFieldErrors;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
