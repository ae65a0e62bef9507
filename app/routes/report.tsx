import { useEffect, useRef } from "react";
import { createContext, data, Link, useNavigation } from "react-router";
import { ReportForm, type ReportValues } from "~/components/report/ReportForm";
import { formFailure, formRefusal, publicForm } from "~/lib/public-form.server";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~core/contact-schema";
import { clientIp, input, multilineText, plainText } from "~core/params";
import { paths } from "~core/paths";
import { REPORT_TEXTS, type ReportErrors, reportRateLimitMessage } from "~core/report-schema";
import { REPORT_TARGET_TYPES, type ReportTarget } from "~core/report-target";
import { defineRoute } from "~core/route-contract";
import { TAKEDOWN_HOURS } from "~core/takedown-clock";
import { z } from "~core/zod";
import { requestInfoContext } from "../../server/http/request-context";
import { getViewer } from "../../server/http/session";
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

export type ReportActionData =
  | { state: "sent"; reference: string | null; hidden: boolean; back: { path: string; label: string } | null }
  | { state: "failed"; errors: ReportErrors; message: string | null; values: ReportValues };

function targetOf(query: z.output<typeof reportQuery>): ReportTarget | null {
  const named = REPORT_TARGET_TYPES.filter((type) => query[type] !== undefined);
  const type = named.length === 1 ? named[0] : undefined;
  return type ? { type, id: (query[type] as string).toLowerCase() } : null;
}

/** Set by a report that was received: the page after it answers 200 even when the report hid its item. */
const reportSent = createContext<boolean>(false);

export async function loader({ context }: Route.LoaderArgs) {
  const target = targetOf(routeInput(context, contract).query);
  const item = target ? await findReportableItem(target) : undefined;
  if (!item) return data({ item: null, formToken: "" }, { status: context.get(reportSent) ? 200 : 404 });
  // A fresh single-use token on every render, a failed attempt's too (the loader runs again after the action).
  return { item, formToken: issueFormToken(Date.now(), REPORT_FORM_PURPOSE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // No token renewal: the loader runs again after the action and issues a fresh one.
  const { form, unread, failed } = await publicForm(request, {
    schema: contract.input.form,
    values: (read): ReportValues => ({ reason: read?.reason ?? "", details: (read?.details ?? "").slice(0, 5000) }),
    unreadable: REPORT_TEXTS.unreadable,
  });
  if (!form) return failed(unread);
  const target = targetOf(routeInput(context, contract).query);
  if (!target) return failed({ status: 404, message: REPORT_TEXTS.notFound });
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
            : { path: outcome.itemPath, label: target.type === "playlist" ? "Back to the playlist" : "Back to the video" },
        });
      case "dropped":
        context.set(reportSent, true);
        return data<ReportActionData>({ state: "sent", reference: null, hidden: false, back: null });
      case "not-found":
        return failed({ status: 404, message: REPORT_TEXTS.notFound });
      default:
        return failed(formRefusal(outcome, reportRateLimitMessage));
    }
  } catch (err) {
    // The typed text stays in the form either way.
    return failed(formFailure(context, "report", err, REPORT_TEXTS.failed));
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl: siteUrlFromMatches(matches),
    title: "Report",
    description: "Report a video, a comment or a playlist to our moderators.",
    path: paths.report(),
    noindex: true,
  });
}

export default function ReportPage({ loaderData, actionData: result }: Route.ComponentProps) {
  const { item, formToken } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">Report</h1>
      {result?.state === "sent" ? (
        // Shown even when the item is gone: a report that hid it leaves nothing for the loader to find.
        <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:p-8">
          <ReportSent reference={result.reference} hidden={result.hidden} back={result.back} />
        </div>
      ) : !item ? (
        <p className="mt-4 text-zinc-300">
          {REPORT_TEXTS.notFound}{" "}
          <Link to={paths.home()} className="font-semibold text-brand-300 underline">
            Back to the videos
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
            Is this a video of you or your work that was published without your consent? A{" "}
            <Link to={paths.takedown()} className="text-brand-300 underline">
              takedown request
            </Link>{" "}
            is answered within {TAKEDOWN_HOURS} hours. How we handle reports:{" "}
            <Link to={paths.trust()} className="text-brand-300 underline">
              Trust and safety
            </Link>
            .
          </p>
        </>
      )}
    </section>
  );
}

function ReportedItemSummary({ item }: { item: ReportedItem }) {
  const link = (
    <Link to={item.path} className="font-semibold text-zinc-100 underline">
      {item.title}
    </Link>
  );
  return (
    <div className="mt-4 rounded-xl bg-ink-900 p-4 text-zinc-300">
      {item.target.type === "video" && <p>Video: {link}</p>}
      {item.target.type === "playlist" && <p>Playlist: {link}</p>}
      {item.target.type === "comment" && <p>A comment on {link}:</p>}
      {item.quote !== null && (
        <blockquote className="mt-2 line-clamp-4 whitespace-pre-line break-words border-l-2 border-ink-700 pl-3 text-zinc-200">
          {item.quote}
        </blockquote>
      )}
    </div>
  );
}

function ReportSent({
  reference,
  hidden,
  back,
}: {
  reference: string | null;
  hidden: boolean;
  back: { path: string; label: string } | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the confirmation.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Thank you, your report was received
      </h2>
      {reference && (
        <p className="mt-3 text-zinc-200">
          Your reference number is <strong className="font-mono text-lg tracking-wide text-white">{reference}</strong>. Quote it if you
          write to us about this report.
        </p>
      )}
      <p className="mt-3 text-zinc-300">
        {hidden ? "It is hidden from everyone while our moderators review it." : "Our moderators review every report, oldest first."}
      </p>
      <Link to={back?.path ?? paths.home()} className="mt-6 inline-block font-semibold text-brand-300 underline">
        {back?.label ?? "Back to the videos"}
      </Link>
    </div>
  );
}
