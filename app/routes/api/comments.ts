import { MAX_REPLIES_PER_THREAD } from "~core/comment-limits";
import { commentContent } from "~core/comment-schema";
import { SCRIPT_FIELD } from "~core/community-answer";
import { findMinorSuggestingTerm } from "~core/content-safety";
import { input, parseForm, readForm } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { getViewer } from "../../../server/http/session";
import { addComment } from "../../../server/services/comments";
import type { Route } from "./+types/comments";
import { bannedRefusal, formLocale, methodNotAllowed, responder, unreadable } from "./community-response";

/**
 * `POST /api/comments` (form: `videoId`, optional `parentId` for a reply, `content`; `js` from a hydrated
 * page). Signed-in users only (docs/product.md "Roles"); the rules are in server/services/comments.ts.
 */
const commentForm = z.object({
  videoId: input.videoId,
  parentId: input.videoId.optional(),
  content: commentContent,
  [SCRIPT_FIELD]: z.literal("1").optional(),
});
/** 2,000 characters of 4-byte text, url-encoded, fit comfortably. */
const MAX_BODY_BYTES = 32 * 1024;

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: commentForm },
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readForm(request, MAX_BODY_BYTES);
  const raw = body.ok ? body.form : new FormData();
  // Which page and which text to answer with are read leniently, so even a refused post gets its own message.
  const videoId = input.videoId.safeParse(raw.get("videoId")).data ?? null;
  const isReply = typeof raw.get("parentId") === "string" && raw.get("parentId") !== "";
  const reply = responder(raw.get(SCRIPT_FIELD) === "1", videoId, formLocale(raw));
  const failed = isReply ? "replyFailed" : "submitFailed";
  const code = isReply ? "reply" : "comment";
  if (!body.ok) return unreadable(body);
  const viewer = await getViewer({ request, context });
  if (!viewer) return reply.signIn(isReply ? "loginToReply" : "loginToComment");
  const form = parseForm(contract.input.form, body.form);
  if (!form) return reply.fail(400, { code: failed }, code);
  try {
    const outcome = await addComment({ videoId: form.videoId, userId: viewer.id, parentId: form.parentId ?? null, content: form.content });
    switch (outcome.status) {
      case "added":
        return reply.ok();
      case "invalid":
        return reply.fail(400, { code: failed }, code);
      case "not-found":
        return reply.fail(404, { code: failed }, code);
      case "banned":
        return reply.fail(403, bannedRefusal(outcome.reason), "banned");
      case "refused-term": {
        // The service's message names the term in English; the page words it in its language.
        const term = findMinorSuggestingTerm(form.content);
        return reply.fail(400, term ? { code: "policyTerm", values: { term } } : { code: "policy" }, "policy");
      }
      case "thread-full":
        return reply.fail(409, { code: "threadFull", values: { max: MAX_REPLIES_PER_THREAD } }, "full");
      case "rate-limited": {
        const seconds = Math.ceil(outcome.retryAfterMs / 1000);
        return reply.fail(429, { code: "rateLimited", values: { seconds: Math.max(1, seconds) } }, "rate", {
          "Retry-After": String(seconds),
        });
      }
    }
  } catch (err) {
    return reply.crashed(context, isReply ? "reply" : "comment", err, failed, code);
  }
}

export function loader() {
  return methodNotAllowed();
}
