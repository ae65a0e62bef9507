import { data, useNavigation } from "react-router";
import { type TakedownFailure, TakedownForm } from "~/components/takedown/TakedownForm";
import { TakedownSuccess } from "~/components/takedown/TakedownSuccess";
import { formFailure, formRefusal, publicForm } from "~/lib/public-form.server";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { breadcrumbs, seoMeta } from "~/lib/seo";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";
import { clientIp, multilineText, plainText, userAgent } from "~core/params";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { TAKEDOWN_HOURS } from "~core/takedown-clock";
import { TAKEDOWN_SUBMIT_ERROR, type TakedownValues, takedownRateLimitMessage } from "~core/takedown-schema";
import { z } from "~core/zod";
import { requestInfoContext } from "../../server/http/request-context";
import { logger } from "../../server/logger";
import { issueFormToken } from "../../server/services/form-token";
import { submitTakedown, TAKEDOWN_FORM_PURPOSE } from "../../server/services/takedown-intake";
import type { Route } from "./+types/takedown";

/**
 * Takedown requests (issue 22, item 3): the contact form's pattern (app/routes/contact.tsx) for non-consensual
 * imagery and copyright notices. Works without JavaScript; the reference comes back on the page and by e-mail.
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

export function loader({ context }: Route.LoaderArgs) {
  const url = routeInput(context, contract).query.url ?? "";
  return data({ formToken: issueFormToken(Date.now(), TAKEDOWN_FORM_PURPOSE), prefillUrl: /^https?:\/\//.test(url) ? url : "" });
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
  const { form, unread, failed } = await publicForm(request, {
    schema: contract.input.form,
    values: (read) => echo(valuesOf(read)),
    unreadable: TAKEDOWN_SUBMIT_ERROR,
    renewToken: { purpose: TAKEDOWN_FORM_PURPOSE },
  });
  if (!form) return failed(unread);
  const info = context.get(requestInfoContext);
  try {
    const outcome = await submitTakedown(
      { values: valuesOf(form), website: form[HONEYPOT_FIELD], formToken: form[FORM_TOKEN_FIELD] },
      { ip: clientIp.parse(info.clientIp), userAgent: userAgent.parse(info.userAgent) },
    );
    if (outcome.status === "sent" || outcome.status === "dropped") {
      // Bots see the same success view, with a reference that names nothing.
      if (outcome.status === "dropped") logger.info({ requestId: info.requestId, reason: outcome.reason }, "takedown submission dropped");
      return data<TakedownActionData>({ state: "sent", reference: outcome.reference });
    }
    return failed(formRefusal(outcome, takedownRateLimitMessage), outcome.status === "token-used");
  } catch (err) {
    return failed(formFailure(context, "takedown submission", err, TAKEDOWN_SUBMIT_ERROR), true); // its token may be spent: a fresh one
  }
}

/** Typed values come back so nothing is lost; capped so a huge post is not mirrored in full. */
function echo(values: TakedownValues): TakedownValues {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 6000)])) as TakedownValues;
}

export function meta({ matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl,
    title: "Request a takedown",
    description: `Ask ${site.name} to remove intimate imagery of a real person shared without consent, or material that infringes your copyright. We act on valid requests within ${TAKEDOWN_HOURS} hours.`,
    path: paths.takedown(),
    jsonLd: [
      breadcrumbs(siteUrl, [
        { name: "Home", path: paths.home() },
        { name: "Request a takedown", path: paths.takedown() },
      ]),
    ],
  });
}

export default function TakedownPage({ loaderData, actionData: result }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(paths.takedown()) === true;
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">Request a takedown</h1>
      <p className="mt-3 text-zinc-300">
        Every video on {site.name} is AI-generated. If one of them depicts you, or someone you represent, without consent, or copies a work
        you own, tell us here. We review every request and act on valid ones within {TAKEDOWN_HOURS} hours; we write to you with a reference
        now and with the outcome later.
      </p>
      <p className="mt-2 text-zinc-300">If a video may involve a minor, say so in the description: such reports are handled first.</p>
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
