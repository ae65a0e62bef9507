import { data } from "react-router";
import { CommentModeration } from "~/components/admin/CommentModeration";
import { consoleRequest } from "~/lib/console-request.server";
import { done, refused, unreadable } from "~/lib/console-result";
import { routeInput } from "~/lib/route-contract.server";
import { commentActionForm, commentListQuery } from "~core/console-moderation-schema";
import { clampPage, totalPages } from "~core/pagination";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import {
  COMMENTS_PER_PAGE,
  CommentNotFoundError,
  listCommentsForModeration,
  moderateDeleteComment,
  restoreComment,
} from "../../../server/services/comment-moderation";
import type { Route } from "./+types/comments";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: commentListQuery, form: commentActionForm },
});

export async function loader(args: Route.LoaderArgs) {
  const query = routeInput(args.context, contract).query;
  const filter = { video: query.video, user: query.user };
  let found = await listCommentsForModeration(filter, query.page);
  const pageCount = totalPages(found.total, COMMENTS_PER_PAGE);
  const page = clampPage(query.page, pageCount);
  // Past the last page (say, after deleting): the last page that exists.
  if (page !== query.page) found = await listCommentsForModeration(filter, page);
  return data({
    filter,
    page,
    pageCount,
    total: found.total,
    comments: found.comments.map((c) => ({ ...c, createdAt: c.createdAt.toISOString(), deletedAt: c.deletedAt?.toISOString() ?? null })),
  });
}

export function meta() {
  return [{ title: "Comments | Console" }];
}

export async function action(args: Route.ActionArgs) {
  const begun = await consoleRequest(args, unreadable, { schema: contract.input.form });
  if (!begun.ok) return begun.answer;
  const { actor, fields: form } = begun;
  try {
    if (form.intent === "delete") await moderateDeleteComment(form.commentId, actor);
    else await restoreComment(form.commentId, actor);
    return done(form.intent, form.commentId);
  } catch (err) {
    if (err instanceof CommentNotFoundError) return refused(404, { intent: form.intent, id: form.commentId, message: err.message });
    throw err;
  }
}

export default function CommentsPage({ loaderData }: Route.ComponentProps) {
  return <CommentModeration {...loaderData} />;
}
