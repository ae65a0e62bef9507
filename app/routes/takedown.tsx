import { data, useNavigation } from "react-router";
import { type TakedownFailure, TakedownForm } from "~/components/takedown/TakedownForm";
import { TakedownSuccess } from "~/components/takedown/TakedownSuccess";
import { translator, useMessages, usePaths } from "~/lib/i18n";
import { formFailure, formRefusal, publicForm } from "~/lib/public-form.server";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { breadcrumbs, seoMeta } from "~/lib/seo";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";
import { localeOfRequest } from "~core/locales";
import { clientIp, multilineText, plainText, userAgent } from "~core/params";
import { paths as englishPaths, pathsIn } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { TAKEDOWN_HOURS } from "~core/takedown-clock";
import type { TakedownValues } from "~core/takedown-schema";
import { z } from "~core/zod";
import { requestInfoContext } from "../../server/http/request-context";
import { pageTexts, translate } from "../../server/i18n/catalog";
import { logger } from "../../server/logger";
import { issueFormToken } from "../../server/services/form-token";
import { submitTakedown, TAKEDOWN_FORM_PURPOSE } from "../../server/services/takedown-intake";
import type { Route } from "./+types/takedown";

/**
 * Takedown requests (issue 22, item 3): the contact form's pattern (app/routes/contact.tsx) for non-consensual
 * imagery and copyright notices. Works without JavaScript; the reference comes back on the page and by e-mail,
 * the e-mail in the language of the page the request was sent from.
 */

export type TakedownActionData = { state: "sent"; reference: string } | TakedownFailure;

const MAX_FIELD_CHARS = 20_000;
const text = plainText(MAX_FIELD_CHARS).default("");
const takedownForm = z.object({
  kind: text,
  name: text,
  email: text,
  urls: multilineText(MAX_FIELD_CHARS).default(""),
  description: multilineText(MAX_FIELD_CHARS).default(""),
  goodFaith: text,
  signature: text,
  [HONEYPOT_FIELD]: text,
  [FORM_TOKEN_FIELD]: plainText(500).default(""),
});

export const contract = defineRoute({
  access: "public",
  kind: "page",
  // A per-visit signed timestamp: never stored by any cache.
  cacheControl: "private, no-store",
  // `?url=` prefills the first address (the link on each video page).
  input: { query: z.object({ url: plainText(2000).optional() }), form: takedownForm },
  sitemap: "static",
});

export function loader({ request, context }: Route.LoaderArgs) {
  const url = routeInput(context, contract).query.url ?? "";
  return data({
    formToken: issueFormToken(Date.now(), TAKEDOWN_FORM_PURPOSE),
    prefillUrl: /^https?:\/\//.test(url) ? url : "",
    intl: pageTexts(localeOfRequest(request), ["forms", "takedown"]),
  });
}

const NO_VALUES: TakedownValues = { kind: "", name: "", email: "", urls: "", description: "", goodFaith: "", signature: "" };

const valuesOf = (form: z.output<typeof takedownForm> | undefined): TakedownValues =>
  form
    ? {
        kind: form.kind,
        name: form.name,
        email: form.email,
        urls: form.urls,
        description: form.description,
        goodFaith: form.goodFaith,
        signature: form.signature,
      }
    : NO_VALUES;

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const submitError = translate(locale, "takedown", "submitError");
  const { form, unread, failed } = await publicForm(request, {
    schema: contract.input.form,
    values: (read) => echo(valuesOf(read)),
    unreadable: submitError,
    renewToken: { purpose: TAKEDOWN_FORM_PURPOSE },
  });
  if (!form) return failed(unread);
  const info = context.get(requestInfoContext);
  try {
    const outcome = await submitTakedown(
      { values: valuesOf(form), website: form[HONEYPOT_FIELD], formToken: form[FORM_TOKEN_FIELD], locale },
      { ip: clientIp.parse(info.clientIp), userAgent: userAgent.parse(info.userAgent) },
    );
    if (outcome.status === "sent" || outcome.status === "dropped") {
      // Bots see the same success view, with a reference that names nothing.
      if (outcome.status === "dropped") logger.info({ requestId: info.requestId, reason: outcome.reason }, "takedown submission dropped");
      return data<TakedownActionData>({ state: "sent", reference: outcome.reference });
    }
    const rateLimited = (minutes: number) => translate(locale, "takedown", "rateLimited", { minutes });
    return failed(formRefusal(outcome, locale, rateLimited), outcome.status === "token-used");
  } catch (err) {
    return failed(formFailure(context, "takedown submission", err, submitError), true); // its token may be spent: a fresh one
  }
}

/** Typed values come back so nothing is lost; capped so a huge post is not mirrored in full. */
function echo(values: TakedownValues): TakedownValues {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 6000)])) as TakedownValues;
}

export function meta({ matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeFromMatches(matches);
  const t = translator(locale, "takedown");
  const home = translator(locale, "common")("navHome");
  const paths = pathsIn(locale);
  return seoMeta({
    locale,
    siteUrl,
    title: t("title"),
    description: t("metaDescription", { site: site.name, hours: TAKEDOWN_HOURS }),
    path: englishPaths.takedown(),
    jsonLd: [
      breadcrumbs(siteUrl, [
        { name: home, path: paths.home() },
        { name: t("title"), path: paths.takedown() },
      ]),
    ],
  });
}

export default function TakedownPage({ loaderData, actionData: result }: Route.ComponentProps) {
  const t = useMessages("takedown");
  const paths = usePaths();
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(paths.takedown()) === true;
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="mt-3 text-zinc-300">{t("intro", { site: site.name, hours: TAKEDOWN_HOURS })}</p>
      <p className="mt-2 text-zinc-300">{t("minorNote")}</p>
      <div className="mt-8 rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:p-8">
        {result?.state === "sent" ? (
          <TakedownSuccess reference={result.reference} />
        ) : (
          <TakedownForm formToken={loaderData.formToken} prefillUrl={loaderData.prefillUrl} failure={result} submitting={submitting} />
        )}
      </div>
    </section>
  );
}
