import { VIEW_SESSION_COOKIE } from "~core/cookies";
import { clientIp, input, parseCookie, parseForm, plainText, readForm, viewSessionId } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { PLAY_TOKEN_MAX_LENGTH, type ViewAnswer } from "~core/view-rules";
import { z } from "~core/zod";
import { requestInfoContext } from "../../../server/http/request-context";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { countView, type ViewOutcome } from "../../../server/services/views";
import type { Route } from "./+types/views";
import { jsonAnswer } from "./json-answer";

/**
 * `POST /api/views` (form-encoded `videoId`, `token`; the view-session cookie): counts a view under the
 * rules of server/services/views.ts. Answers JSON `ViewAnswer`. Nothing is counted unless the answer is
 * `{ counted: true }`.
 *
 * Each client address counts at most 5 views per video per hour (server/services/view-allowance.ts), taken
 * inside the counting statement and only by a session's first count, so it adds no round trip; forged or
 * early tokens are refused before the database is touched and take nothing. Past the cap the answer is 200
 * `{ counted: false, reason: "rate-limited", retryAfterMs }`, like a duplicate: nothing the page must show.
 */

/** The two fields and their names fit in well under 1 KB; anything bigger is not ours. */
const MAX_BODY_BYTES = 1024;
const viewForm = z.object({ videoId: input.videoId, token: plainText(PLAY_TOKEN_MAX_LENGTH).min(1) });

const answer = jsonAnswer<ViewAnswer>;

const STATUS: Record<ViewOutcome["status"], number> = {
  counted: 200,
  duplicate: 200,
  // Well-formed and genuine, just early: the client sends the same token again later.
  "too-early": 200,
  // Genuine, but this address has counted its share of this video for the hour.
  "rate-limited": 200,
  expired: 403,
  invalid: 403,
  "not-found": 404,
};

export const contract = defineRoute({
  access: "public",
  kind: "resource",
  input: { form: viewForm },
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer(405, { counted: false, reason: "method" }, { Allow: "POST" });
  const body = await readForm(request, MAX_BODY_BYTES);
  if (!body.ok) return answer(body.status, { counted: false, reason: "unreadable" }, body.headers);
  const form = parseForm(contract.input.form, body.form);
  if (!form) return answer(400, { counted: false, reason: "unreadable" });
  const sessionId = parseCookie(viewSessionId, request.headers.get("cookie"), VIEW_SESSION_COOKIE) ?? null;
  try {
    const ip = clientIp.parse(context.get(requestInfoContext).clientIp);
    const outcome = await countView({ videoId: form.videoId, sessionId, token: form.token, ip });
    const status = STATUS[outcome.status];
    if (outcome.status === "counted") return answer(status, { counted: true });
    if (outcome.status === "too-early" || outcome.status === "rate-limited") {
      return answer(status, { counted: false, reason: outcome.status, retryAfterMs: outcome.retryAfterMs });
    }
    return answer(status, { counted: false, reason: outcome.status });
  } catch (err) {
    if (classifyFailure(context, "view count", err) === "unavailable") {
      return answer(503, { counted: false, reason: "unavailable" }, UNAVAILABLE_HEADERS);
    }
    return answer(500, { counted: false, reason: "failed" });
  }
}

/** The endpoint only takes POSTs. */
export function loader() {
  return answer(405, { counted: false, reason: "method" }, { Allow: "POST" });
}
