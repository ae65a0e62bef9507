import { data } from "react-router";
import { input, parseForm, readForm } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { getViewer } from "../../../server/http/session";
import { recordPosition } from "../../../server/services/history";
import type { Route } from "./+types/history";
import { jsonAnswer } from "./json-answer";

/**
 * `POST /api/history` (form `videoId`, `position` in seconds): where the signed-in user is in a video
 * (app/lib/use-watch-history.ts sends it every 10 s, on pause and on leaving, by fetch or sendBeacon).
 * Answers JSON `HistoryAnswer`; nothing is stored while the user's history is paused.
 */

export type HistoryAnswer = { recorded: boolean; reason?: "paused" | "not-found" | "sign-in" | "too-many" | "unreadable" | "failed" };

const historyForm = z.object({
  videoId: input.videoId,
  // A plain decimal number of seconds (no exponent, hex or NaN); a day at most.
  position: z
    .string()
    .regex(/^\d{1,5}(\.\d{1,3})?$/)
    .transform(Number)
    .pipe(z.number().min(0).max(86_400)),
});
const answer = jsonAnswer<HistoryAnswer>;

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: historyForm },
});

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const body = await readForm(request, 1024);
  if (!body.ok) return answer(body.status, { recorded: false, reason: "unreadable" }, body.headers);
  const form = parseForm(contract.input.form, body.form);
  if (!form) return answer(400, { recorded: false, reason: "unreadable" });
  const viewer = await getViewer(args);
  if (!viewer) return answer(401, { recorded: false, reason: "sign-in" });
  try {
    const limit = await consumeAccountLimit("history", viewer.id);
    if (!limit.allowed) return answer(429, { recorded: false, reason: "too-many" }, { "Retry-After": retryAfterSeconds(limit) });
    const outcome = await recordPosition(viewer.id, form.videoId, form.position);
    if (outcome === "recorded") return answer(200, { recorded: true });
    return answer(outcome === "paused" ? 200 : 404, { recorded: false, reason: outcome });
  } catch (err) {
    if (classifyFailure(context, "watch history", err) === "unavailable") {
      return answer(503, { recorded: false, reason: "failed" }, UNAVAILABLE_HEADERS);
    }
    return answer(500, { recorded: false, reason: "failed" });
  }
}

export function loader() {
  return answer(405, { recorded: false, reason: "unreadable" }, { Allow: "POST" });
}
