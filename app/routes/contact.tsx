import { data, useNavigation } from "react-router";
import { type ContactFailure, ContactForm } from "~/components/contact/ContactForm";
import { ContactSuccess } from "~/components/contact/ContactSuccess";
import { translator, useMessages, usePaths } from "~/lib/i18n";
import { withElements } from "~/lib/message-parts";
import { formFailure, formRefusal, publicForm } from "~/lib/public-form.server";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { type ContactValues, FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";
import { localeOfRequest } from "~core/locales";
import { clientIp, multilineText, plainText, userAgent } from "~core/params";
import { paths as englishPaths, pathsIn } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import { requestInfoContext } from "../../server/http/request-context";
import { pageTexts, translate } from "../../server/i18n/catalog";
import { logger } from "../../server/logger";
import { submitContactForm } from "../../server/services/contact";
import { issueFormToken } from "../../server/services/form-token";
import type { Route } from "./+types/contact";

export type ContactActionData = { state: "sent" } | ContactFailure;

/** Per field, beyond any limit of docs/product.md "Contact form" (1000 for the message), so over-long text still gets its field message. */
const MAX_FIELD_CHARS = 20_000;

// The form as posted: known fields once each, as text. The field rules of docs/product.md "Contact form" run in the service; these
// refuse what no browser sends (control characters, files, repeated fields). The body cap bounds lengths.
const text = plainText(MAX_FIELD_CHARS).default("");
const contactForm = z.object({
  name: text,
  email: text,
  subject: text,
  message: multilineText(MAX_FIELD_CHARS).default(""),
  [HONEYPOT_FIELD]: text,
  [FORM_TOKEN_FIELD]: plainText(500).default(""),
});

export const contract = defineRoute({
  access: "public",
  kind: "page",
  // The page carries a per-visit signed timestamp: never stored by any cache.
  cacheControl: "private, no-store",
  input: { form: contactForm },
  sitemap: "static",
});

export function loader({ request }: Route.LoaderArgs) {
  return data({ formToken: issueFormToken(), intl: pageTexts(localeOfRequest(request), ["forms", "contact"]) });
}

const NO_VALUES: ContactValues = { name: "", email: "", subject: "", message: "" };

const valuesOf = (form: z.output<typeof contactForm> | undefined): ContactValues =>
  form ? { name: form.name, email: form.email, subject: form.subject, message: form.message } : NO_VALUES;

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const submitError = translate(locale, "contact", "submitError");
  // The contact form's own token purpose (server/services/form-token.ts), renewed in every failure.
  const { form, unread, failed } = await publicForm(request, {
    schema: contract.input.form,
    values: (read) => echo(valuesOf(read)),
    unreadable: submitError,
    renewToken: {},
  });
  if (!form) return failed(unread);
  const info = context.get(requestInfoContext);
  try {
    const outcome = await submitContactForm(
      { values: valuesOf(form), website: form[HONEYPOT_FIELD], formToken: form[FORM_TOKEN_FIELD] },
      { ip: clientIp.parse(info.clientIp), userAgent: userAgent.parse(info.userAgent) },
    );
    if (outcome.status === "sent" || outcome.status === "dropped") {
      // Bots see the same success view (docs/product.md "Contact form").
      if (outcome.status === "dropped") logger.info({ requestId: info.requestId, reason: outcome.reason }, "contact submission dropped");
      return data<ContactActionData>({ state: "sent" });
    }
    const rateLimited = (minutes: number) => translate(locale, "contact", "rateLimited", { minutes });
    return failed(formRefusal(outcome, locale, rateLimited), outcome.status === "token-used");
  } catch (err) {
    return failed(formFailure(context, "contact submission", err, submitError), true); // its token may be spent: a fresh one
  }
}

/** Typed values come back so nothing is lost; capped so a huge post is not mirrored in full. */
function echo(values: ContactValues): ContactValues {
  const cap = (v: string) => v.slice(0, 5000);
  return { name: cap(values.name), email: cap(values.email), subject: cap(values.subject), message: cap(values.message) };
}

export function meta({ matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeFromMatches(matches);
  const t = translator(locale, "contact");
  const home = translator(locale, "common")("navHome");
  const paths = pathsIn(locale);
  return seoMeta({
    locale,
    siteUrl,
    title: t("title"),
    description: t("metaDescription", { site: site.name, email: site.contactEmail }),
    path: englishPaths.contact(),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ContactPage",
        name: t("pageName", { site: site.name }),
        url: absoluteUrl(siteUrl, paths.contact()),
        mainEntity: { "@type": "Organization", name: site.name, legalName: site.legalEntity, email: site.contactEmail, url: `${siteUrl}/` },
      },
      breadcrumbs(siteUrl, [
        { name: home, path: paths.home() },
        { name: t("title"), path: paths.contact() },
      ]),
    ],
  });
}

export default function ContactPage({ loaderData, actionData: result }: Route.ComponentProps) {
  const { formToken } = loaderData;
  const t = useMessages("contact");
  const paths = usePaths();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction === paths.contact();
  const email = (
    <a href={`mailto:${site.contactEmail}`} className="font-medium text-brand-400 underline-offset-2 hover:underline">
      {site.contactEmail}
    </a>
  );

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">{t("heading")}</h1>
      <p className="mt-3 text-zinc-300">{t("intro")}</p>
      <p className="mt-2 text-zinc-300">{withElements((v) => t("emailPrompt", v), { email })}</p>
      <div className="mt-8 rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:p-8">
        {result?.state === "sent" ? <ContactSuccess /> : <ContactForm formToken={formToken} failure={result} submitting={submitting} />}
      </div>
    </section>
  );
}
