import { data, redirect } from "react-router";
import { routeInput } from "~/lib/route-contract.server";
import { ageCookieValue } from "~core/cookies";
import { plainText } from "~core/params";
import { paths } from "~core/paths";
import { safeRedirectPath } from "~core/redirect-to";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { recordAgeAssurance } from "../../server/age-assurance/account";
import { assuranceCookieValue } from "../../server/age-assurance/assurance-cookie";
import { clearPendingCookie, readPendingCookie } from "../../server/age-assurance/providers";
import { ageCheckProvider } from "../../server/age-assurance/routes";
import { getViewer } from "../../server/http/session";
import { logger } from "../../server/logger";
import { siteUrl } from "../../server/site-url";
import type { Route } from "./+types/age-check-callback";

/**
 * `GET /age-check/callback`: where the age-verification service sends the visitor back (docs/decisions/0028).
 * A pass sets the signed `ageAssured` cookie (and the self-declaration one: an adult proven is an adult
 * declared), is remembered on a signed-in user's account, and returns to the page the check started from;
 * anything else goes to /age-check with the outcome. Either way the pending check is used up.
 */

const callbackQuery = z.object({
  code: plainText(2000).optional(),
  state: plainText(200).optional(),
  error: plainText(200).optional(),
});

export const contract = defineRoute({
  access: "public",
  kind: "resource",
  robots: "noindex",
  cacheControl: "private, no-store",
  input: { query: callbackQuery },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const provider = ageCheckProvider();
  if (!provider?.finish) throw data(null, { status: 404 });
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers({ "Set-Cookie": clearPendingCookie(secure) });
  const started = readPendingCookie(request.headers.get("cookie"));
  if (!started) return redirect(paths.ageCheck({ result: "expired" }), { headers });
  const returnTo = safeRedirectPath(started.returnTo);
  const query = routeInput(context, contract).query;
  const result = await provider.finish(query, started.pending, `${siteUrl(request)}${paths.ageCheckCallback()}`);
  if (!result.passed) {
    logger.info({ reason: result.reason }, "age check not passed");
    const shown = result.reason === "refused" ? "cancelled" : result.reason === "unavailable" ? "unavailable" : "failed";
    return redirect(paths.ageCheck({ result: shown, returnTo }), { headers });
  }
  headers.append("Set-Cookie", assuranceCookieValue(provider.id, secure));
  headers.append("Set-Cookie", ageCookieValue(secure));
  const viewer = await getViewer({ request, context }).catch(() => null);
  // The browser's cookie already holds the pass; an account that cannot be written now is written next time.
  if (viewer) await recordAgeAssurance(viewer.id).catch((err) => logger.warn({ err: String(err) }, "age check: account not updated"));
  return redirect(returnTo, { headers });
}
