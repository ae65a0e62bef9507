import { data, redirect } from "react-router";
import { type BlogListActionResult, BlogPostsConsole } from "~/components/admin/BlogPostsConsole";
import { consoleRequest } from "~/lib/console-request.server";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { routeInput } from "~/lib/route-contract.server";
import { clampPage, totalPages } from "~core/pagination";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { listAuditEntries } from "../../../server/services/audit-log";
import {
  BlogPostNotFoundError,
  CONSOLE_POSTS_PER_PAGE,
  deleteBlogPost,
  listAllPosts,
  setBlogPostPublished,
} from "../../../server/services/blog-console";
import { translationStatuses } from "../../../server/services/blog-translations";
import type { Route } from "./+types/blog";

/** How many recent blog changes the page lists. */
const AUDIT_ENTRIES_SHOWN = 10;

const listQuery = z.object({ page: input.page, deleted: z.literal("1").optional().catch(undefined) });

const rowForm = z.object({ intent: z.enum(["publish", "unpublish", "delete"]), postId: z.uuid() });

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: listQuery, form: rowForm },
});

export async function loader(args: Route.LoaderArgs) {
  const { page: requested, deleted } = routeInput(args.context, contract).query;
  const [found, audit] = await Promise.all([
    listAllPosts(requested),
    listAuditEntries({ limit: AUDIT_ENTRIES_SHOWN, actionPrefix: "blog." }),
  ]);
  const pageCount = totalPages(found.total, CONSOLE_POSTS_PER_PAGE);
  const page = clampPage(requested, pageCount);
  if (page !== requested) throw redirect(paths.admin.blog({ page }));
  const statuses = await translationStatuses(found.posts.map((p) => p.id));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return data({
    page,
    pageCount,
    total: found.total,
    deleted: deleted === "1",
    posts: found.posts.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      published: p.published,
      publishedAt: iso(p.published_at),
      createdAt: p.created_at.toISOString(),
      updatedAt: p.updated_at.toISOString(),
      translations: statuses.get(p.id) ?? null,
    })),
    audit: audit.map((e) => ({ id: e.id, at: e.at.toISOString(), actorEmail: e.actorEmail, action: e.action, target: e.target })),
  });
}

export function meta() {
  return [{ title: "Blog | Console" }];
}

/** The list's row actions: publish, unpublish, delete (the confirm step is the page's). */
export async function action(args: Route.ActionArgs) {
  const refuse = (status: number, intent: string, postId: string | null, message: string, headers: Record<string, string> = {}) =>
    data<BlogListActionResult>({ ok: false, intent, postId, message }, { status, headers });
  const begun = await consoleRequest(args, (status, _intent, headers) => refuse(status, "", null, FORM_UNREADABLE, headers), {
    schema: contract.input.form,
  });
  if (!begun.ok) return begun.answer;
  const { actor, fields: form } = begun;
  try {
    if (form.intent === "delete") await deleteBlogPost(form.postId, actor);
    else await setBlogPostPublished(form.postId, form.intent === "publish", actor);
  } catch (err) {
    if (err instanceof BlogPostNotFoundError) return refuse(404, form.intent, form.postId, "This post no longer exists.");
    throw err;
  }
  return data<BlogListActionResult>({ ok: true, intent: form.intent, postId: form.postId });
}

export default function BlogConsolePage({ loaderData }: Route.ComponentProps) {
  return <BlogPostsConsole {...loaderData} />;
}
