import { SCRIPT_FIELD } from "~core/community-answer";
import { input, parseForm, readForm } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { getViewer } from "../../../server/http/session";
import { deleteComment } from "../../../server/services/comments";
import type { Route } from "./+types/comment-delete";
import { formLocale, methodNotAllowed, responder, unreadable } from "./community-response";

/**
 * `POST /api/comments/:commentId/delete` (form: `videoId` to come back to; `js` from a hydrated page). The
 * author or a creator (docs/product.md "Roles"), decided by the database function soft_delete_comment.
 */
const deleteForm = z.object({ videoId: input.videoId.optional(), [SCRIPT_FIELD]: z.literal("1").optional() });
const deleteParams = z.object({ commentId: input.videoId });

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: deleteForm },
});

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readForm(request, 1024);
  const form = body.ok ? parseForm(contract.input.form, body.form) : undefined;
  const reply = responder(form?.[SCRIPT_FIELD] === "1", form?.videoId ?? null, formLocale(body.ok ? body.form : undefined));
  if (!body.ok) return unreadable(body);
  const viewer = await getViewer({ request, context });
  if (!viewer) return reply.signIn("loginToDelete");
  const commentId = deleteParams.safeParse(params).data?.commentId;
  if (!form || !commentId) return reply.fail(400, { code: "deleteFailed" }, "delete");
  try {
    const outcome = await deleteComment(commentId, viewer.id);
    if (outcome.status === "forbidden") return reply.fail(403, { code: "noPermission" }, "forbidden");
    if (outcome.status === "not-found") return reply.fail(404, { code: "deleteFailed" }, "delete");
    return reply.ok();
  } catch (err) {
    return reply.crashed(context, "comment delete", err, "deleteFailed", "delete");
  }
}

export function loader() {
  return methodNotAllowed();
}
