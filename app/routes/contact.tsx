import { type ActionFunctionArgs, data, type HeadersArgs, type MetaArgs, useActionData, useLoaderData, useNavigation } from "react-router";
import { type ContactFailure, ContactForm } from "~/components/contact/ContactForm";
import { ContactSuccess } from "~/components/contact/ContactSuccess";
import {
  CONTACT_SUBMIT_ERROR,
  CONTACT_TOKEN_EXPIRED,
  CONTACT_TOKEN_INVALID,
  type ContactValues,
  contactRateLimitMessage,
  contactValuesFromFormData,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
} from "~/lib/contact-schema";
import { siteUrlFromMatches } from "~/lib/root-data";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { issueFormToken, renewFormToken } from "../../server/form-token";
import { logger } from "../../server/logger";
import { requestInfoContext } from "../../server/request-context";
import { submitContactForm } from "../../server/services/contact";

export type ContactActionData = { state: "sent" } | ContactFailure;

// The page carries a per-visit signed timestamp: never cache it in shared caches.
const NO_STORE = { "Cache-Control": "private, no-store" };

export function loader() {
  return data({ formToken: issueFormToken() }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const info = context.get(requestInfoContext);
  const form = await request.formData();
  const values = contactValuesFromFormData(form);
  const website = form.get(HONEYPOT_FIELD);
  const submittedToken = form.get(FORM_TOKEN_FIELD);
  const formToken = typeof submittedToken === "string" ? submittedToken : "";
  const failed = (status: number, fields: Partial<Pick<ContactFailure, "errors" | "message">>, headers: Record<string, string> = {}) =>
    data<ContactActionData>(
      {
        state: "failed",
        errors: fields.errors ?? {},
        message: fields.message ?? null,
        values: echo(values),
        formToken: renewFormToken(formToken),
      },
      { status, headers: { ...NO_STORE, ...headers } },
    );

  try {
    const outcome = await submitContactForm(
      { values, website: typeof website === "string" ? website : "", formToken },
      { ip: info.clientIp, userAgent: info.userAgent },
    );
    switch (outcome.status) {
      case "sent":
      case "dropped": // bots see the same success view (SPEC.md §5)
        if (outcome.status === "dropped") logger.info({ requestId: info.requestId, reason: outcome.reason }, "contact submission dropped");
        return data<ContactActionData>({ state: "sent" }, { headers: NO_STORE });
      case "invalid":
        return failed(400, { errors: outcome.errors });
      case "token-invalid":
        return failed(400, { message: CONTACT_TOKEN_INVALID });
      case "token-expired":
        return failed(400, { message: CONTACT_TOKEN_EXPIRED });
      case "rate-limited":
        return failed(
          429,
          { message: contactRateLimitMessage(outcome.retryAfterMs) },
          { "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) },
        );
    }
  } catch (err) {
    logger.error({ err, requestId: info.requestId }, "contact submission failed");
    return failed(500, { message: CONTACT_SUBMIT_ERROR });
  }
}

/** Typed values come back so nothing is lost; capped so a huge post is not mirrored in full. */
function echo(values: ContactValues): ContactValues {
  const cap = (v: string) => v.slice(0, 5000);
  return { name: cap(values.name), email: cap(values.email), subject: cap(values.subject), message: cap(values.message) };
}

export function headers({ actionHeaders, loaderHeaders }: HeadersArgs) {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => {
    merged.set(key, value);
  });
  return merged;
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  const siteUrl = siteUrlFromMatches(matches);
  return seoMeta({
    siteUrl,
    title: "Contact",
    description: `Questions, feedback or partnership ideas? Send the ${site.name} team a message or write to ${site.contactEmail}.`,
    path: "/contact",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ContactPage",
        name: `Contact ${site.name}`,
        url: absoluteUrl(siteUrl, "/contact"),
        mainEntity: { "@type": "Organization", name: site.name, legalName: site.legalEntity, email: site.contactEmail, url: `${siteUrl}/` },
      },
      breadcrumbs(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Contact", path: "/contact" },
      ]),
    ],
  });
}

export default function ContactPage() {
  const { formToken } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ContactActionData | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction === "/contact";

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <p className="mt-3 text-zinc-300">
        Questions about the library, feedback on a video, a partnership idea or a privacy request: tell us what is on your mind and a member
        of our team will get back to you.
      </p>
      <p className="mt-2 text-zinc-300">
        Prefer e-mail? Write to{" "}
        <a href={`mailto:${site.contactEmail}`} className="font-medium text-brand-400 underline-offset-2 hover:underline">
          {site.contactEmail}
        </a>
        .
      </p>
      <div className="mt-8 rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:p-8">
        {result?.state === "sent" ? <ContactSuccess /> : <ContactForm formToken={formToken} failure={result} submitting={submitting} />}
      </div>
    </section>
  );
}
