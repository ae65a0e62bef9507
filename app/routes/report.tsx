import { useEffect, useRef } from "react";
import { createContext, data, Link, useNavigation } from "react-router";
import { ReportForm, type ReportValues } from "~/components/report/ReportForm";
import { translator, useLocale, useMessages, usePaths } from "~/lib/i18n";
import { withElements } from "~/lib/message-parts";
import { formFailure, formRefusal, publicForm } from "~/lib/public-form.server";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";
import { localeOfRequest, localizePath } from "~core/locales";
import { clientIp, input, multilineText, plainText } from "~core/params";
import { paths } from "~core/paths";
import type { ReportErrors } from "~core/report-schema";
import { REPORT_TARGET_TYPES, type ReportTarget } from "~core/report-target";
import { defineRoute } from "~core/route-contract";
import { TAKEDOWN_HOURS } from "~core/takedown-clock";
import { z } from "~core/zod";
import { requestInfoContext } from "../../server/http/request-context";
import { getViewer } from "../../server/http/session";
import { pageTexts, translate } from "../../server/i18n/catalog";
import { issueFormToken, REPORT_FORM_PURPOSE } from "../../server/services/form-token";
import { findReportableItem, type ReportedItem, submitReport } from "../../server/services/reports";
import type { Route } from "./+types/report";

/**
 * `/report?video=<id>`, `/report?comment=<id>` or `/report?playlist=<id>` (issue 22 item 1, issue 32): what is
 * being reported, the reasons, and the reference number once it is sent. For visitors and signed-in users
 * alike; a plain form, so it works without JavaScript. The rules are in server/services/reports.ts.
 */
const reportQuery = z.object({ video: input.videoId.optional(), comment: input.videoId.optional(), playlist: input.videoId.optional() });
const reportForm = z.object({
  // The reason is checked by the service, so a missing one gets its field message rather than a 400.
  reason: plainText(100).default(""),
  details: multilineText(20_000).default(""),
  [HONEYPOT_FIELD]: plainText(2000).default(""),
  [FORM_TOKEN_FIELD]: plainText(500).default(""),
});

export const contract = defineRoute({
  access: "public",
  kind: "page",
  robots: "noindex",
  cacheControl: "private, no-store",
  input: { query: reportQuery, form: reportForm },
});

/** Where "Back to the video" (or the playlist) leads after a report: the item's address in the page's language. */
export type ReportBack = { path: string; kind: "video" | "playlist" };

export type ReportActionData =
  | { state: "sent"; reference: string | null; hidden: boolean; back: ReportBack | null }
  | { state: "failed"; errors: ReportErrors; message: string | null; values: ReportValues };

function targetOf(query: z.output<typeof reportQuery>): ReportTarget | null {
  const named = REPORT_TARGET_TYPES.filter((type) => query[type] !== undefined);
  const type = named.length === 1 ? named[0] : undefined;
  return type ? { type, id: (query[type] as string).toLowerCase() } : null;
}

/** Set by a report that was received: the page after it answers 200 even when the report hid its item. */
const reportSent = createContext<boolean>(false);

export async function loader({ request, context }: Route.LoaderArgs) {
  const intl = pageTexts(localeOfRequest(request), ["forms", "report"]);
  const target = targetOf(routeInput(context, contract).query);
  const item = target ? await findReportableItem(target) : undefined;
  if (!item) return data({ item: null, formToken: "", intl }, { status: context.get(reportSent) ? 200 : 404 });
  // A fresh single-use token on every render, a failed attempt's too (the loader runs again after the action).
  return { item, formToken: issueFormToken(Date.now(), REPORT_FORM_PURPOSE), intl };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const notFound = translate(locale, "report", "notFound");
  // No token renewal: the loader runs again after the action and issues a fresh one.
  const { form, unread, failed } = await publicForm(request, {
    schema: contract.input.form,
    values: (read): ReportValues => ({ reason: read?.reason ?? "", details: (read?.details ?? "").slice(0, 5000) }),
    unreadable: translate(locale, "report", "unreadable"),
  });
  if (!form) return failed(unread);
  const target = targetOf(routeInput(context, contract).query);
  if (!target) return failed({ status: 404, message: notFound });
  const info = context.get(requestInfoContext);
  try {
    const viewer = await getViewer({ request, context });
    const outcome = await submitReport(
      { target, reason: form.reason, details: form.details, website: form[HONEYPOT_FIELD], formToken: form[FORM_TOKEN_FIELD] },
      { userId: viewer?.id ?? null, ip: clientIp.parse(info.clientIp) },
    );
    switch (outcome.status) {
      case "received":
        context.set(reportSent, true);
        return data<ReportActionData>({
          state: "sent",
          reference: outcome.reference,
          hidden: outcome.hidden,
          back: outcome.hidden
            ? null
            : { path: localizePath(locale, outcome.itemPath), kind: target.type === "playlist" ? "playlist" : "video" },
        });
      case "dropped":
        context.set(reportSent, true);
        return data<ReportActionData>({ state: "sent", reference: null, hidden: false, back: null });
      case "not-found":
        return failed({ status: 404, message: notFound });
      default:
        return failed(formRefusal(outcome, locale, (minutes) => translate(locale, "report", "rateLimited", { minutes })));
    }
  } catch (err) {
    // The typed text stays in the form either way.
    return failed(formFailure(context, "report", err, translate(locale, "report", "failed")));
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "report");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: t("title"),
    description: t("metaDescription"),
    path: paths.report(),
    noindex: true,
  });
}

export default function ReportPage({ loaderData, actionData: result }: Route.ComponentProps) {
  const { item, formToken } = loaderData;
  const t = useMessages("report");
  const localPaths = usePaths();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const link = (to: string, text: string) => (
    <Link to={to} className="text-brand-300 underline">
      {text}
    </Link>
  );
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      {result?.state === "sent" ? (
        // Shown even when the item is gone: a report that hid it leaves nothing for the loader to find.
        <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:p-8">
          <ReportSent reference={result.reference} hidden={result.hidden} back={result.back} />
        </div>
      ) : !item ? (
        <p className="mt-4 text-zinc-300">
          {t("notFound")}{" "}
          <Link to={localPaths.home()} className="font-semibold text-brand-300 underline">
            {t("backToVideos")}
          </Link>
        </p>
      ) : (
        <>
          <ReportedItemSummary item={item} />
          <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:p-8">
            <ReportForm
              target={item.target}
              values={result?.state === "failed" ? result.values : { reason: "", details: "" }}
              errors={result?.state === "failed" ? result.errors : {}}
              message={result?.state === "failed" ? result.message : null}
              submitting={submitting}
              formToken={formToken}
            />
          </div>
          <p className="mt-4 text-sm text-zinc-400">
            {withElements((v) => t("takedownHint", { ...v, hours: TAKEDOWN_HOURS }), {
              takedownLink: link(localPaths.takedown(), t("takedownLink")),
              trustLink: link(localPaths.trust(), t("trustLink")),
            })}
          </p>
        </>
      )}
    </section>
  );
}

const ITEM_LINE = { video: "itemVideo", playlist: "itemPlaylist", comment: "itemComment" } as const;

function ReportedItemSummary({ item }: { item: ReportedItem }) {
  const t = useMessages("report");
  const locale = useLocale();
  const link = (
    // A title from the database: its own direction, whatever the page's.
    <Link to={localizePath(locale, item.path)} dir="auto" className="font-semibold text-zinc-100 underline">
      {item.title}
    </Link>
  );
  return (
    <div className="mt-4 rounded-xl bg-ink-900 p-4 text-zinc-300">
      <p>{withElements((v) => t(ITEM_LINE[item.target.type], v), { link })}</p>
      {item.quote !== null && (
        <blockquote dir="auto" className="mt-2 line-clamp-4 whitespace-pre-line break-words border-s-2 border-ink-700 ps-3 text-zinc-200">
          {item.quote}
        </blockquote>
      )}
    </div>
  );
}

function ReportSent({ reference, hidden, back }: { reference: string | null; hidden: boolean; back: ReportBack | null }) {
  const t = useMessages("report");
  const localPaths = usePaths();
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the confirmation.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {t("sentHeading")}
      </h2>
      {reference && (
        <p className="mt-3 text-zinc-200">
          {withElements((v) => t("sentReference", v), {
            reference: <strong className="font-mono text-lg tracking-wide text-white">{reference}</strong>,
          })}
        </p>
      )}
      <p className="mt-3 text-zinc-300">{t(hidden ? "sentHidden" : "sentQueued")}</p>
      <Link to={back?.path ?? localPaths.home()} className="mt-6 inline-block font-semibold text-brand-300 underline">
        {t(back ? (back.kind === "playlist" ? "backToPlaylist" : "backToVideo") : "backToVideos")}
      </Link>
    </div>
  );
}
