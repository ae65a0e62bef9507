import { data, redirect } from "react-router";
import { BlogEditor, type EditorActionResult } from "~/components/admin/BlogEditor";
import { BlogTranslationEditor, type TranslationEditorData } from "~/components/admin/BlogTranslationEditor";
import type { EditorPost } from "~/components/admin/blog-editor-fields";
import { renderMarkdown } from "~/components/blog/markdown.server";
import { consoleRequest } from "~/lib/console-request.server";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { routeInput } from "~/lib/route-contract.server";
import { BLOG_FORM_MAX_BYTES, BLOG_POST_FIELDS, blogFieldErrors, blogPostFormSchema } from "~core/blog-post-schema";
import { ContentSafetyError } from "~core/content-safety";
import { DEFAULT_LOCALE } from "~core/locales";
import { formStrings } from "~core/params";
import { paths } from "~core/paths";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { TRANSLATED_LOCALES } from "~core/translations";
import { z } from "~core/zod";
import { pageTexts } from "../../../server/i18n/catalog";
import {
  BlogPostNotFoundError,
  BlogSlugTakenError,
  createBlogPost,
  deleteBlogPost,
  getPostById,
  saveBlogPost,
} from "../../../server/services/blog-console";
import { translationStatuses } from "../../../server/services/blog-translations";
import { siteUrl } from "../../../server/site-url";
import type { Route } from "./+types/blog-editor";
import { translationAction, translationEditorData } from "./blog-translation.server";

// `/admin/blog/new` has no postId; `/admin/blog/:postId` names a post by uuid (anything else names none: 404).
const editorParams = z.object({ postId: z.uuid().optional() });
// `?lang=de`: the post's version in that language (blog-translation.server.ts); none: the English post.
const editorQuery = z.object({ lang: z.enum(TRANSLATED_LOCALES).optional() });

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { params: editorParams, query: editorQuery, form: blogPostFormSchema },
});

export async function loader(args: Route.LoaderArgs) {
  const { params, query } = routeInput(args.context, contract);
  const { postId } = params;
  const created = new URL(args.request.url).searchParams.get("created") === "1";
  // The live preview is the post's page (PostArticle): its byline and tags in the console's language, English.
  const base = {
    siteUrl: siteUrl(args.request),
    created,
    intl: pageTexts(DEFAULT_LOCALE, ["blog"]),
    translation: null as TranslationEditorData | null,
    statuses: null as TranslationEditorData["statuses"] | null,
  };
  if (query.lang) {
    if (!postId) throw data(null, { status: 404 });
    return data({
      ...base,
      post: null as EditorPost | null,
      previewHtml: "",
      translation: await translationEditorData(postId, query.lang),
    });
  }
  if (!postId) return data({ ...base, post: null as EditorPost | null, previewHtml: "" });
  const [row, statuses] = await Promise.all([getPostById(postId), translationStatuses([postId])]);
  if (!row) throw data(null, { status: 404 });
  const post: EditorPost = {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt ?? "",
    content: row.content,
    author: row.author ?? "",
    tags: row.tags.join(", "),
    meta_title: row.meta_title ?? "",
    meta_description: row.meta_description ?? "",
    og_title: row.og_title ?? "",
    og_description: row.og_description ?? "",
    og_image_url: row.og_image_url ?? "",
    twitter_card_title: row.twitter_card_title ?? "",
    twitter_card_description: row.twitter_card_description ?? "",
    twitter_card_image_url: row.twitter_card_image_url ?? "",
    canonical_url: row.canonical_url ?? "",
    published: row.published,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  // The preview's first rendering comes with the page; typing re-renders it through /admin/blog/preview.
  return data({ ...base, statuses: statuses.get(postId) ?? null, post, previewHtml: renderMarkdown(row.content, { memo: false }) });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const version = loaderData?.translation;
  const title = version
    ? `${version.locale} version of “${version.post.title}”`
    : loaderData?.post
      ? `Edit “${loaderData.post.title}”`
      : "New post";
  return [{ title: `${title} | Blog | Console` }];
}

const INTENTS = ["save", "publish", "unpublish", "delete"] as const;
type Intent = (typeof INTENTS)[number];

/** The form's fields as strings; undefined when a field is repeated or sent as a file. */
function formFields(form: FormData): Record<string, string> | undefined {
  return formStrings(form, [...BLOG_POST_FIELDS, "intent"]);
}

export async function action(args: Route.ActionArgs) {
  const refuse = (status: number, intent: string, fieldErrors: Record<string, string>, message: string | null, headers = {}) =>
    data<EditorActionResult>({ ok: false, intent, fieldErrors, message }, { status, headers });
  // Parsed below, field by field: each field's first message goes next to it.
  const begun = await consoleRequest(args, (status, _intent, headers) => refuse(status, "", {}, FORM_UNREADABLE, headers), {
    maxBytes: BLOG_FORM_MAX_BYTES,
  });
  if (!begun.ok) return begun.answer;
  const { actor, form: posted } = begun;
  const { params, query } = routeInput(args.context, contract);
  const { postId } = params;
  if (query.lang) return postId ? translationAction(postId, query.lang, actor, posted) : refuse(404, "", {}, "This post does not exist.");
  const raw = formFields(posted);
  const intent = INTENTS.find((i) => i === raw?.intent);
  if (!raw || !intent || (!postId && (intent === "unpublish" || intent === "delete"))) return refuse(400, "", {}, FORM_UNREADABLE);

  try {
    if (intent === "delete") {
      await deleteBlogPost(postId as string, actor);
      return redirect(paths.admin.blog({ deleted: true }));
    }
    const parsed = contract.input.form.safeParse(raw);
    if (!parsed.success) return refuse(400, intent, blogFieldErrors(parsed.error), "Some fields need attention.");
    const { published_at, ...fields } = parsed.data;
    const publish = publishTarget(intent);
    if (!postId) {
      const created = await createBlogPost({ ...fields, published_at }, actor, { publish });
      return redirect(paths.admin.blogPost(created.id, { created: true }));
    }
    await saveBlogPost(postId, { ...fields, published_at }, actor, { publish });
    return data<EditorActionResult>({ ok: true, intent });
  } catch (err) {
    if (err instanceof BlogPostNotFoundError) return refuse(404, intent, {}, "This post no longer exists.");
    if (err instanceof BlogSlugTakenError) return refuse(409, intent, { slug: err.message }, "Some fields need attention.");
    if (err instanceof ContentSafetyError) return refuse(400, intent, { [err.field]: err.message }, "Some fields need attention.");
    throw err;
  }
}

/** save keeps the state, publish and unpublish set it (with the form's fields saved alongside). */
function publishTarget(intent: Exclude<Intent, "delete">): boolean | undefined {
  if (intent === "publish") return true;
  if (intent === "unpublish") return false;
  return undefined;
}

export default function BlogEditorPage({ loaderData }: Route.ComponentProps) {
  const { translation } = loaderData;
  if (translation) return <BlogTranslationEditor key={`${translation.post.id}:${translation.locale}`} {...translation} />;
  return <BlogEditor key={loaderData.post?.id ?? "new"} {...loaderData} />;
}
