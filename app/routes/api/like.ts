import { SCRIPT_FIELD } from "~core/community-answer";
import { input, parseForm, readForm } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { getViewer } from "../../../server/http/session";
import { setLike } from "../../../server/services/likes";
import type { Route } from "./+types/like";
import { bannedRefusal, formLocale, methodNotAllowed, responder, unreadable } from "./community-response";

/**
 * `POST /api/videos/:videoId/like` (form: `liked` = "true" | "false", the state wanted; `js` from a
 * hydrated page). Signed-in users only (docs/product.md "Roles"); the rules are in server/services/likes.ts.
 */
const likeForm = z.object({ liked: z.enum(["true", "false"]), [SCRIPT_FIELD]: z.literal("1").optional() });
const likeParams = z.object({ videoId: input.videoId });

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: likeForm },
});

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const videoId = likeParams.safeParse(params).data?.videoId ?? null;
  const body = await readForm(request, 1024);
  const form = body.ok ? parseForm(contract.input.form, body.form) : undefined;
  const reply = responder(form?.[SCRIPT_FIELD] === "1", videoId, formLocale(body.ok ? body.form : undefined));
  if (!body.ok) return unreadable(body);
  if (!form || !videoId) return reply.fail(400, { code: "likeFailed" }, "like");
  const viewer = await getViewer({ request, context });
  if (!viewer) return reply.signIn("likeFailed");
  try {
    const outcome = await setLike(viewer.id, videoId, form.liked === "true");
    if (outcome.status === "not-found") return reply.fail(404, { code: "likeFailed" }, "like");
    if (outcome.status === "banned") return reply.fail(403, bannedRefusal(outcome.reason), "banned");
    return reply.ok({ liked: outcome.liked, likes: outcome.likes });
  } catch (err) {
    return reply.crashed(context, "like", err, "likeFailed", "like");
  }
}

export function loader() {
  return methodNotAllowed();
}
