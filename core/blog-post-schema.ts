import { multilineText, plainText } from "./params";
import { slugify } from "./slug";
import { z } from "./zod";

/**
 * The console's blog editor form, checked in the browser before sending and again by the server with this
 * same schema (the first message of each field goes next to it). Limits follow the blog_posts table's
 * CHECKs (title 1..300, the slug rule) and keep descriptions within what search engines and cards use.
 */

export const BLOG_TITLE_MAX = 300;
export const BLOG_SLUG_MAX = 200;
export const BLOG_EXCERPT_MAX = 500;
export const BLOG_CONTENT_MAX = 100_000;
export const BLOG_TAG_MAX = 50;
export const BLOG_TAGS_MAX = 20;
const SHORT_TEXT_MAX = 300;
const URL_MAX = 2000;
/** Form bodies of the editor: up to 100,000 characters of content, percent-encoded (up to 9 bytes each). */
export const BLOG_FORM_MAX_BYTES = 1024 * 1024;

/** What the editor's live preview (`POST /admin/blog/preview`) answers: the rendered HTML, or why not. */
export type PreviewResult = { ok: true; html: string } | { ok: false; message: string };

/** Search results show about this many characters of a title and of a description. */
export const SEARCH_TITLE_HINT = 60;
export const SEARCH_DESCRIPTION_HINT = 160;

const SLUG_RULE = /^[a-z0-9_]+(-[a-z0-9_]+)*$/;

/** The slug a title suggests: slugify, capped at the column's limit without a trailing hyphen. */
export function slugFromTitle(title: string): string {
  return slugify(title).slice(0, BLOG_SLUG_MAX).replace(/-+$/, "");
}

/** "a, b ,, c" → ["a", "b", "c"]: trimmed, empty ones and repeats dropped. */
export function parseTags(raw: string): string[] {
  const seen = new Set<string>();
  for (const tag of raw.split(",")) {
    const t = tag.trim();
    if (t) seen.add(t);
  }
  return [...seen];
}

/** Optional one-line text: blank becomes null. */
const optionalLine = (max: number, label: string) =>
  plainText(max)
    .refine((v) => v.length <= max, `${label} must be at most ${max} characters`)
    .transform((v) => v.trim() || null);

/** An image or page address: a site path (/media/…) or an absolute http(s) URL; blank is null. */
const optionalUrl = (label: string) =>
  plainText(URL_MAX)
    .transform((v) => v.trim())
    .refine((v) => {
      if (!v) return true;
      if (v.startsWith("/") && !v.startsWith("//")) return true;
      try {
        const url = new URL(v);
        return url.protocol === "https:" || url.protocol === "http:";
      } catch {
        return false;
      }
    }, `${label} must be a site path (/media/…) or an http(s) address`)
    .transform((v) => v || null);

const text = (max: number, message: string) => z.string(message).max(max, message);

export const blogPostFormSchema = z
  .object({
    title: text(BLOG_TITLE_MAX, `The title must be at most ${BLOG_TITLE_MAX} characters`)
      .pipe(plainText(BLOG_TITLE_MAX))
      .transform((v) => v.trim())
      .refine((v) => v.length > 0, "Enter a title"),
    slug: text(BLOG_SLUG_MAX, `The slug must be at most ${BLOG_SLUG_MAX} characters`)
      .optional()
      .default("")
      .transform((v) => v.trim())
      .refine((v) => !v || SLUG_RULE.test(v), "Use lower-case letters, digits, '_' and single '-' between words"),
    excerpt: text(BLOG_EXCERPT_MAX, `The excerpt must be at most ${BLOG_EXCERPT_MAX} characters`)
      .pipe(multilineText(BLOG_EXCERPT_MAX))
      .optional()
      .default("")
      .transform((v) => v.trim() || null),
    content: text(BLOG_CONTENT_MAX, `The content must be at most ${BLOG_CONTENT_MAX.toLocaleString("en")} characters`)
      .pipe(multilineText(BLOG_CONTENT_MAX))
      .refine((v) => v.trim().length > 0, "Write the post"),
    author: optionalLine(200, "The author").optional().default(null),
    tags: plainText(2000)
      .optional()
      .default("")
      .transform(parseTags)
      .refine((tags) => tags.length <= BLOG_TAGS_MAX, `At most ${BLOG_TAGS_MAX} tags`)
      .refine((tags) => tags.every((t) => t.length <= BLOG_TAG_MAX), `Each tag must be at most ${BLOG_TAG_MAX} characters`),
    meta_title: optionalLine(SHORT_TEXT_MAX, "The search title").optional().default(null),
    meta_description: optionalLine(SHORT_TEXT_MAX, "The search description").optional().default(null),
    og_title: optionalLine(SHORT_TEXT_MAX, "The social title").optional().default(null),
    og_description: optionalLine(SHORT_TEXT_MAX, "The social description").optional().default(null),
    og_image_url: optionalUrl("The social image").optional().default(null),
    twitter_card_title: optionalLine(SHORT_TEXT_MAX, "The X/Twitter title").optional().default(null),
    twitter_card_description: optionalLine(SHORT_TEXT_MAX, "The X/Twitter description").optional().default(null),
    twitter_card_image_url: optionalUrl("The X/Twitter image").optional().default(null),
    canonical_url: optionalUrl("The canonical URL").optional().default(null),
    /** `<input type="datetime-local">` read as UTC; blank keeps the date publishing stamps. */
    published_at: plainText(40)
      .optional()
      .default("")
      .transform((v) => v.trim())
      .refine((v) => !v || !Number.isNaN(Date.parse(`${v}Z`)), "Enter a date and time")
      .transform((v) => (v ? new Date(`${v}Z`) : null)),
  })
  .transform((form, ctx) => {
    const slug = form.slug || slugFromTitle(form.title);
    if (!slug) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "Enter a slug: the title has no letters or digits to make one" });
      return z.NEVER;
    }
    return { ...form, slug };
  });

export type BlogPostInput = z.output<typeof blogPostFormSchema>;
export type BlogPostField = keyof BlogPostInput;
export const BLOG_POST_FIELDS = Object.keys(blogPostFormSchema.in.shape) as BlogPostField[];

/** The first message per field of a failed parse (field name → message); unknown paths go to `form`. */
export function blogFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = typeof issue.path[0] === "string" ? issue.path[0] : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A `datetime-local` value (UTC) for a date; empty for none. */
export function toDateTimeLocal(date: string | Date | null): string {
  if (!date) return "";
  return new Date(date).toISOString().slice(0, 16);
}
