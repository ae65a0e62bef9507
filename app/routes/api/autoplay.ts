import { data } from "react-router";
import { parseForm, readForm } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { getViewer } from "../../../server/http/session";
import { setAutoplay } from "../../../server/services/account";
import type { Route } from "./+types/autoplay";
import { jsonAnswer } from "./json-answer";

/**
 * `POST /api/autoplay` (form `autoplay=on|off`): the player's Autoplay switch, for a signed-in user, keeps the
 * choice on the account as well as in the browser's cookie (core/autoplay.ts). The settings page has the same
 * choice as a plain form for browsers without JavaScript.
 */

export type AutoplayAnswer = { saved: boolean; reason?: "sign-in" | "too-many" | "unreadable" | "failed" };

const autoplayForm = z.object({ autoplay: z.enum(["on", "off"]) });
const answer = jsonAnswer<AutoplayAnswer>;

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: autoplayForm },
});

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const body = await readForm(request, 256);
  if (!body.ok) return answer(body.status, { saved: false, reason: "unreadable" }, body.headers);
  const form = parseForm(contract.input.form, body.form);
  if (!form) return answer(400, { saved: false, reason: "unreadable" });
  const viewer = await getViewer(args);
  if (!viewer) return answer(401, { saved: false, reason: "sign-in" });
  try {
    const limit = await consumeAccountLimit("preferences", viewer.id);
    if (!limit.allowed) return answer(429, { saved: false, reason: "too-many" }, { "Retry-After": retryAfterSeconds(limit) });
    await setAutoplay(viewer.id, form.autoplay === "on");
    return answer(200, { saved: true });
  } catch (err) {
    if (classifyFailure(context, "autoplay choice", err) === "unavailable") {
      return answer(503, { saved: false, reason: "failed" }, UNAVAILABLE_HEADERS);
    }
    return answer(500, { saved: false, reason: "failed" });
  }
}

export function loader() {
  return answer(405, { saved: false, reason: "unreadable" }, { Allow: "POST" });
}
