import { data, redirect } from "react-router";
import { translator, useMessages } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { pageLocaleOfRequest } from "~core/page-locale";
import { parseForm, plainText, readForm } from "~core/params";
import { paths } from "~core/paths";
import { safeRedirectPath } from "~core/redirect-to";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { pendingCookieValue } from "../../server/age-assurance/providers";
import { ageCheckProvider, ageChecksPerIpLimiter } from "../../server/age-assurance/routes";
import { ipRateLimitKey } from "../../server/db/rate-limit";
import { requestInfoContext } from "../../server/http/request-context";
import { type MessageId, pageTexts } from "../../server/i18n/catalog";
import { logger } from "../../server/logger";
import { siteUrl } from "../../server/site-url";
import type { Route } from "./+types/age-check";

/**
 * `/age-check` (docs/decisions/0028-age-assurance.md). POST (the "Verify my age" button, a plain form): sends
 * the visitor to the configured age-verification service, with the check's state in a signed cookie. GET: the
 * outcome of a check that did not pass, with a way to try again and back to the page. Never cached or indexed.
 * The address has no language of its own: the page speaks that of the page the check started from (`returnTo`),
 * the root's `<html lang dir>` and layout included (core/page-locale.ts, docs/i18n.md "Addresses").
 */

const RESULTS = ["failed", "cancelled", "unavailable", "expired"] as const;
type Result = (typeof RESULTS)[number];

const checkQuery = z.object({
  result: z.enum(RESULTS).optional().catch(undefined),
  returnTo: plainText(2000).optional(),
});
const checkForm = z.object({ returnTo: plainText(2000).optional() });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  robots: "noindex",
  cacheControl: "private, no-store",
  input: { query: checkQuery, form: checkForm },
});

const TEXTS: Record<Result | "none", { heading: MessageId<"ageCheck">; body: MessageId<"ageCheck"> }> = {
  failed: { heading: "failedHeading", body: "failedBody" },
  cancelled: { heading: "cancelledHeading", body: "cancelledBody" },
  unavailable: { heading: "unavailableHeading", body: "unavailableBody" },
  expired: { heading: "expiredHeading", body: "expiredBody" },
  none: { heading: "title", body: "noneBody" },
};

export function loader({ request, context }: Route.LoaderArgs) {
  if (!ageCheckProvider()) throw data(null, { status: 404 });
  const query = routeInput(context, contract).query;
  const returnTo = safeRedirectPath(query.returnTo);
  return { result: query.result ?? ("none" as const), returnTo, intl: pageTexts(pageLocaleOfRequest(request), ["ageCheck"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const provider = ageCheckProvider();
  if (!provider?.begin) throw data(null, { status: 404 });
  const body = await readForm(request, 4096);
  if (!body.ok) throw data(null, { status: body.status, headers: body.headers });
  const form = parseForm(contract.input.form, body.form);
  if (!form) throw data(null, { status: 400 });
  const returnTo = safeRedirectPath(form.returnTo);
  const back = (result: Result) => redirect(paths.ageCheck({ result, returnTo }));
  // Each start fetches nothing new (discovery is kept) but writes a cookie and sends someone off: bounded anyway.
  const decision = await ageChecksPerIpLimiter().consume(ipRateLimitKey(context.get(requestInfoContext).clientIp));
  if (!decision.allowed) return back("unavailable");
  try {
    const { url, pending } = await provider.begin(`${siteUrl(request)}${paths.ageCheckCallback()}`);
    const secure = new URL(request.url).protocol === "https:";
    return redirect(url, { headers: { "Set-Cookie": pendingCookieValue(pending, returnTo, secure) } });
  } catch (err) {
    logger.warn({ err: String(err) }, "age check: the provider could not be reached");
    return back("unavailable");
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "ageCheck");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: t("title"),
    description: t(TEXTS.none.body),
    path: paths.ageCheck(),
    // One address for every language: the canonical is it, not a language's prefix (core/page-locale.ts).
    canonical: `${siteUrlFromMatches(matches)}${paths.ageCheck()}`,
    noindex: true,
  });
}

export default function AgeCheck({ loaderData }: Route.ComponentProps) {
  const t = useMessages("ageCheck");
  const text = TEXTS[loaderData.result];
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-ink-800 bg-ink-900 p-8 text-center">
        <h1 className="text-2xl font-bold">{t(text.heading)}</h1>
        <p className="mt-4 text-zinc-300" role={loaderData.result === "none" ? undefined : "alert"}>
          {t(text.body)}
        </p>
        <form method="post" action={paths.ageCheck()} className="mt-6">
          <input type="hidden" name="returnTo" value={loaderData.returnTo} />
          <button type="submit" className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">
            {loaderData.result === "none" ? t("verify") : t("tryAgain")}
          </button>
        </form>
        <a href={loaderData.returnTo} className="mt-4 inline-block text-sm text-brand-300 hover:underline">
          {t("back")}
        </a>
      </div>
    </main>
  );
}
