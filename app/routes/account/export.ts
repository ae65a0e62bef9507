import { data } from "react-router";
import { DEFAULT_LOCALE, LOCALES } from "~core/locales";
import { parseForm, readForm } from "~core/params";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { getViewer } from "../../../server/http/session";
import { translate } from "../../../server/i18n/catalog";
import { exportAccountData } from "../../../server/services/account";
import type { Route } from "./+types/export";

// The settings page's language (a form post has one address, docs/i18n.md): what a refusal is worded in.
const exportForm = z.object({ locale: z.enum(LOCALES).optional().catch(undefined) });

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: exportForm },
});

/**
 * `POST /settings/export`: "Download my data", the signed-in user's profile, comments, likes, favorites, playlists and
 * history as a JSON attachment. A POST (not a link) so another site cannot start downloads of it, and it is
 * refused cross-origin like every write. Visitors get 401.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const body = await readForm(request, 1024);
  if (!body.ok) return new Response(null, { status: body.status, headers: body.headers });
  const viewer = await getViewer(args);
  if (!viewer) return Response.json({ error: "sign-in" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const locale = parseForm(exportForm, body.form)?.locale ?? DEFAULT_LOCALE;
  try {
    const limit = await consumeAccountLimit("export", viewer.id);
    if (!limit.allowed) {
      return new Response(translate(locale, "account", "tooMany"), {
        status: 429,
        headers: { "Retry-After": retryAfterSeconds(limit), "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    const exported = await exportAccountData(viewer.id);
    if (!exported) return Response.json({ error: "sign-in" }, { status: 401, headers: { "Cache-Control": "no-store" } });
    const day = exported.exportedAt.slice(0, 10);
    return new Response(JSON.stringify(exported, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="pleazure-data-${day}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (err) {
    const unavailableNow = classifyFailure(context, "data export", err) === "unavailable";
    return new Response(translate(locale, "account", "exportFailed"), {
      status: unavailableNow ? 503 : 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...(unavailableNow ? UNAVAILABLE_HEADERS : {}) },
    });
  }
}

/** A typed address or a link only shows the settings page; the download is a POST. */
export function loader() {
  return new Response(null, { status: 303, headers: { Location: paths.settings() } });
}
