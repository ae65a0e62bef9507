import { data, redirect } from "react-router";
import type { FavoriteAnswer } from "~core/favorites";
import { splitLocalePath } from "~core/locales";
import { input, parseForm, plainText, readForm } from "~core/params";
import { paths, pathsIn } from "~core/paths";
import { safeRedirectPath } from "~core/redirect-to";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { getViewer } from "../../../server/http/session";
import { addFavorite, removeFavorite } from "../../../server/services/favorites";
import type { Route } from "./+types/favorites";
import { jsonAnswer, NO_STORE } from "./json-answer";

/**
 * `POST /api/favorites` (form `videoId`, `favorite` = "true" | "false", optional `redirectTo`): adds or
 * removes a favorite of the signed-in user. The FavoriteButton's fetcher gets JSON `FavoriteAnswer` (core/favorites.ts); a plain
 * form post (no JavaScript, Accept: text/html) is sent back to `redirectTo`, visitors to sign in first (in the
 * language of `redirectTo`'s page). The answer's errors are codes the button words in its page's language.
 */

const favoriteForm = z.object({
  videoId: input.videoId,
  favorite: z.enum(["true", "false"]).transform((v) => v === "true"),
  redirectTo: plainText(2000).optional(),
});

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: favoriteForm },
});

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const wantsPage = (request.headers.get("accept") ?? "").includes("text/html");
  const body = await readForm(request, 4096);
  const form = body.ok ? parseForm(contract.input.form, body.form) : undefined;
  const back = safeRedirectPath(form?.redirectTo, form ? paths.video(form.videoId) : paths.home());
  const answer = (status: number, result: FavoriteAnswer, headers: Record<string, string> = {}) =>
    wantsPage && status < 500 && status !== 429 && result.ok ? redirect(back, { headers: NO_STORE }) : jsonAnswer(status, result, headers);
  if (!body.ok) return jsonAnswer(body.status, { ok: false, error: "unreadable" }, body.headers);
  if (!form) return answer(400, { ok: false, error: "unreadable" });

  const viewer = await getViewer(args);
  if (!viewer) {
    if (wantsPage) return redirect(pathsIn(splitLocalePath(back).locale).login(back), { headers: NO_STORE });
    return answer(401, { ok: false, error: "sign-in" });
  }
  try {
    const limit = await consumeAccountLimit("favorites", viewer.id);
    if (!limit.allowed) return answer(429, { ok: false, error: "too-many" }, { "Retry-After": retryAfterSeconds(limit) });
    if (!form.favorite) {
      await removeFavorite(viewer.id, form.videoId);
      return answer(200, { ok: true, favorite: false });
    }
    if (!(await addFavorite(viewer.id, form.videoId))) return answer(404, { ok: false, error: "not-found" });
    return answer(200, { ok: true, favorite: true });
  } catch (err) {
    if (classifyFailure(context, "favorite", err) === "unavailable") {
      return jsonAnswer(503, { ok: false, error: "failed" }, UNAVAILABLE_HEADERS);
    }
    return answer(500, { ok: false, error: "failed" });
  }
}

/** The endpoint only takes POSTs. */
export function loader() {
  return jsonAnswer(405, { ok: false, error: "unreadable" }, { Allow: "POST" });
}
