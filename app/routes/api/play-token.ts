import { mediaWithheld } from "~core/age-assurance";
import { VIEW_SESSION_COOKIE, viewSessionCookieValue } from "~core/cookies";
import { clientIp, input, parseCookie, parseForm, readForm, viewSessionId } from "~core/params";
import { defineRoute } from "~core/route-contract";
import type { PlayTokenAnswer } from "~core/view-rules";
import { z } from "~core/zod";
import { ageAccessContext, requestInfoContext } from "../../../server/http/request-context";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { newViewSessionId } from "../../../server/play-token";
import { issueViewToken } from "../../../server/services/views";
import type { Route } from "./+types/play-token";
import { jsonAnswer } from "./json-answer";

/**
 * `POST /api/play-token` (form-encoded `videoId`; the view-session cookie): a signed play token for a public
 * video and this browser's view session (docs/architecture.md "View counting"), which the video page asks for when the main video
 * first plays (app/lib/view-tracking.ts). A browser without a view session gets one here (Set-Cookie), so
 * the video page itself is the same for every visitor and can be cached (docs/decisions/0014-play-token-endpoint.md).
 * Answers JSON `PlayTokenAnswer`; `thresholdMs` says how long after now the token can count a view.
 *
 * Each client address gets 10 tokens per video per hour (server/services/view-allowance.ts), taken in the
 * statement that reads the video. Past that the answer is 200 `{ token: null, reason: "rate-limited",
 * retryAfterMs }`: not an error of the page (the video plays on, its view is not counted, and the browser's
 * console stays clean), the same shape as a video without a duration.
 */

/** One field and its name fit in well under 1 KB; anything bigger is not ours. */
const MAX_BODY_BYTES = 1024;
const tokenForm = z.object({ videoId: input.videoId });

const answer = jsonAnswer<PlayTokenAnswer>;

export const contract = defineRoute({
  access: "public",
  kind: "resource",
  input: { form: tokenForm },
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer(405, { token: null, reason: "method" }, { Allow: "POST" });
  const body = await readForm(request, MAX_BODY_BYTES);
  if (!body.ok) return answer(body.status, { token: null, reason: "unreadable" }, body.headers);
  const form = parseForm(contract.input.form, body.form);
  if (!form) return answer(400, { token: null, reason: "unreadable" });
  // Nothing plays before the age check where one is required (docs/decisions/0028): no token, no view.
  if (mediaWithheld(context.get(ageAccessContext))) return answer(403, { token: null, reason: "age-check" });
  const existing = parseCookie(viewSessionId, request.headers.get("cookie"), VIEW_SESSION_COOKIE);
  const sessionId = existing ?? newViewSessionId();
  try {
    const ip = clientIp.parse(context.get(requestInfoContext).clientIp);
    const issued = await issueViewToken({ videoId: form.videoId, sessionId, ip });
    if (issued.status === "not-found") return answer(404, { token: null, reason: "not-found" });
    if (issued.status === "uncountable") return answer(200, { token: null, reason: "uncountable" });
    if (issued.status === "rate-limited") {
      return answer(200, { token: null, reason: "rate-limited", retryAfterMs: issued.retryAfterMs });
    }
    // The session starts with its first token: a refused request leaves the browser as it was.
    const headers: Record<string, string> = {};
    if (!existing) headers["Set-Cookie"] = viewSessionCookieValue(sessionId, new URL(request.url).protocol === "https:");
    return answer(200, { token: issued.token, thresholdMs: issued.thresholdMs }, headers);
  } catch (err) {
    if (classifyFailure(context, "play token", err) === "unavailable") {
      return answer(503, { token: null, reason: "unavailable" }, UNAVAILABLE_HEADERS);
    }
    return answer(500, { token: null, reason: "failed" });
  }
}

/** The endpoint only takes POSTs. */
export function loader() {
  return answer(405, { token: null, reason: "method" }, { Allow: "POST" });
}
