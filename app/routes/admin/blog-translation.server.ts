import { data } from "react-router";
import type { EditorActionResult } from "~/components/admin/BlogEditor";
import type { TranslationEditorData, TranslationValues } from "~/components/admin/BlogTranslationEditor";
import { renderMarkdown } from "~/components/blog/markdown.server";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { blogFieldErrors } from "~core/blog-post-schema";
import { BLOG_TRANSLATION_FIELDS, blogTranslationFormSchema } from "~core/blog-translation-schema";
import { ContentSafetyError } from "~core/content-safety";
import { formStrings } from "~core/params";
import type { TranslatedLocale, TranslationState } from "~core/translations";
import type { Actor } from "../../../server/services/audit-log";
import { BlogPostNotFoundError, getPostById } from "../../../server/services/blog-console";
import {
  deleteBlogTranslation,
  getTranslations,
  saveBlogTranslation,
  translationStatuses,
} from "../../../server/services/blog-translations";

/**
 * The blog editor's page for a post's version in another language (`/admin/blog/:postId?lang=de`; docs/i18n.md
 * "Content"): what its loader sends and what its action does. The route (blog-editor.tsx) checks the admin and
 * the body first, as for the English post.
 */

export async function translationEditorData(postId: string, locale: TranslatedLocale): Promise<TranslationEditorData> {
  const [post, versions, statuses] = await Promise.all([getPostById(postId), getTranslations(postId), translationStatuses([postId])]);
  const statusesOf = statuses.get(postId);
  if (!post || !statusesOf) throw data(null, { status: 404 });
  const version = versions[locale];
  const values = version ? (Object.fromEntries(BLOG_TRANSLATION_FIELDS.map((f) => [f, version[f] ?? ""])) as TranslationValues) : null;
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt ?? "",
      content: post.content,
      author: post.author ?? "",
      tags: post.tags,
      date: (post.published_at ?? post.created_at).toISOString(),
    },
    locale,
    translation: version && values ? { state: version.state, values } : null,
    statuses: statusesOf,
    previewHtml: renderMarkdown(version?.content ?? "", { memo: false }),
  };
}

const INTENTS = ["save", "publish", "unpublish", "delete"] as const;
const STATE_OF: Record<(typeof INTENTS)[number], TranslationState | undefined> = {
  save: undefined,
  publish: "published",
  unpublish: "draft",
  delete: undefined,
};

/** Saves (keeping, publishing or unpublishing) or deletes the version; refusals as the English editor's. */
export async function translationAction(postId: string, locale: TranslatedLocale, actor: Actor, form: FormData) {
  const refuse = (status: number, intent: string, fieldErrors: Record<string, string>, message: string | null) =>
    data<EditorActionResult>({ ok: false, intent, fieldErrors, message }, { status });
  const raw = formStrings(form, [...BLOG_TRANSLATION_FIELDS, "intent"]);
  const intent = INTENTS.find((i) => i === raw?.intent);
  if (!raw || !intent) return refuse(400, "", {}, FORM_UNREADABLE);
  try {
    if (intent === "delete") {
      if (!(await deleteBlogTranslation(postId, locale, actor))) return refuse(404, intent, {}, "This version no longer exists.");
      return data<EditorActionResult>({ ok: true, intent });
    }
    const parsed = blogTranslationFormSchema.safeParse(raw);
    if (!parsed.success) return refuse(400, intent, blogFieldErrors(parsed.error), "Some fields need attention.");
    await saveBlogTranslation(postId, locale, parsed.data, actor, { state: STATE_OF[intent] });
    return data<EditorActionResult>({ ok: true, intent });
  } catch (err) {
    if (err instanceof BlogPostNotFoundError) return refuse(404, intent, {}, "This post no longer exists.");
    if (err instanceof ContentSafetyError) return refuse(400, intent, { [err.field]: err.message }, "Some fields need attention.");
    throw err;
  }
}
