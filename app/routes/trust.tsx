import { data, Link } from "react-router";
import { formatWaitTime } from "~/lib/format";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { breadcrumbs, seoMeta } from "~/lib/seo";
import { paths } from "~core/paths";
import { reasonLabel } from "~core/report-schema";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { TAKEDOWN_HOURS } from "~core/takedown-clock";
import { env } from "../../server/env";
import { transparencyFigures } from "../../server/services/transparency";
import type { Route } from "./+types/trust";

/**
 * `/trust` (issue 22 item 7): how reports, takedowns, AI labelling and age assurance work here, and the
 * last 30 days' figures read from the database. The same page for everyone, so the page cache keeps it.
 */
export const contract = defineRoute({
  access: "public",
  kind: "page",
  pageCache: true,
  sitemap: "static",
});

export async function loader() {
  const figures = await transparencyFigures();
  // Which countries get the stronger check is configuration (AGE_ASSURANCE_COUNTRIES): the page says so as set.
  const ageCountries = env().AGE_ASSURANCE_COUNTRIES.filter((c) => c !== "XX");
  return data({ ...figures, from: figures.from.toISOString(), to: figures.to.toISOString(), ageCountries });
}

const TITLE = "Trust and Safety";
const DESCRIPTION = `How ${site.name} handles reports, takedown requests, AI labelling and age assurance, with the figures of the last 30 days.`;

export function meta({ matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl,
    title: TITLE,
    description: DESCRIPTION,
    path: paths.trust(),
    jsonLd: [
      breadcrumbs(siteUrl, [
        { name: "Home", path: paths.home() },
        { name: TITLE, path: paths.trust() },
      ]),
    ],
  });
}

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const h2 = "mt-10 text-2xl font-bold";
const p = "mt-3 text-zinc-300";
const link = "font-medium text-brand-300 underline-offset-2 hover:underline";

export default function TrustPage({ loaderData: f }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold leading-tight sm:text-4xl">{TITLE}</h1>
      <p className={p}>
        Every video on {site.name} is synthetic: made with AI, with no real performers. These are the promises we make about harm, and the
        figures that show whether we keep them.
      </p>

      <h2 className={h2}>Reporting a video or a comment</h2>
      <p className={p}>
        Every video and every comment has a <strong>Report</strong> link, for visitors and members alike. Choose a reason and, if you like,
        tell us what to look at; you get a reference number. A report that a video may involve a minor, or depicts a real person without
        their consent, hides it from everyone at once and alerts our moderators; it stays hidden until a moderator has decided. Moderators
        work oldest report first, and every decision is recorded with its reason.
      </p>

      <h2 className={h2}>Takedown requests</h2>
      <p className={p}>
        If a video shows you, or your work, without consent, send a{" "}
        <Link to={paths.takedown()} className={link}>
          takedown request
        </Link>
        . We confirm it by e-mail with a reference and decide it within <strong>{TAKEDOWN_HOURS} hours</strong>. A video taken down is
        removed everywhere (its page, lists, search, the sitemap and its media), and a fingerprint of its files keeps the same file from
        being published again. We tell you the outcome. The uploader may appeal once; another administrator decides the appeal.
      </p>

      <h2 className={h2}>How AI content is labelled</h2>
      <p className={p}>
        Every video page carries an <strong>AI-generated</strong> label, and its structured data names the IPTC source type "trained
        algorithmic media". Published videos carry content credentials (C2PA) that state the same, signed by us. Uploaders attest that
        everyone depicted is synthetic or has documented consent, and that nobody depicted is or looks under 18.
      </p>

      <h2 className={h2}>How age is assured</h2>
      <p className={p}>
        {site.name} is for adults only. Visitors confirm they are 18 or older before they see anything. Where the law asks for more than a
        declaration, explicit media stay blurred until the visitor has verified their age with an independent age-verification provider; the
        result is remembered, and never includes your identity.
      </p>
      <p className={p} data-figure="age-countries">
        {f.ageCountries.length
          ? `Today the independent check applies to visitors from: ${f.ageCountries.join(", ")}.`
          : "Today no country is set up for the independent check: every visitor declares their age."}
      </p>

      <h2 className={h2}>The last {f.windowDays} days in figures</h2>
      <p className={p}>
        From {day(f.from)} to {day(f.to)}, counted from our records when this page was made.
      </p>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="reports-figures" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="reports-figures" className="font-semibold">
            Reports received: <span data-figure="reports-received">{f.reportsReceived}</span>
          </h3>
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Reports received by reason</caption>
            <thead>
              <tr className="text-left text-zinc-400">
                <th scope="col" className="pb-1 font-medium">
                  Reason
                </th>
                <th scope="col" className="pb-1 text-right font-medium">
                  Reports
                </th>
              </tr>
            </thead>
            <tbody>
              {f.reportsByReason.map((r) => (
                <tr key={r.reason} className="border-t border-ink-800">
                  <th scope="row" className="py-1.5 text-left font-normal text-zinc-200">
                    {reasonLabel(r.reason)}
                  </th>
                  <td className="py-1.5 text-right tabular-nums" data-figure={`reason-${r.reason}`}>
                    {r.count}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="decisions-figures" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="decisions-figures" className="font-semibold">
            Reported items decided: {f.reportHandling.decided}
          </h3>
          <dl className="mt-3 space-y-1.5 text-sm">
            <Figure name="items-removed" label="Taken down" value={f.decisions.removed} />
            <Figure name="comments-removed" label="of which comments" value={f.commentsRemoved} />
            <Figure name="items-kept" label="Kept after review" value={f.decisions.kept} />
            <Figure name="report-median" label="Median time to a decision" value={formatWaitTime(f.reportHandling.medianSeconds)} />
            <Figure name="report-worst" label="Longest time to a decision" value={formatWaitTime(f.reportHandling.worstSeconds)} />
          </dl>
        </section>
        <section aria-labelledby="takedown-figures" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="takedown-figures" className="font-semibold">
            Takedown requests received: <span data-figure="takedowns-received">{f.takedowns.received}</span>
          </h3>
          <dl className="mt-3 space-y-1.5 text-sm">
            <Figure name="takedowns-removed" label="Decided: removed" value={f.takedowns.removed} />
            <Figure name="takedowns-rejected" label="Decided: not removed" value={f.takedowns.rejected} />
            <Figure name="takedown-median" label="Median time to a decision" value={formatWaitTime(f.takedowns.medianSeconds)} />
            <Figure name="takedown-worst" label="Longest time to a decision" value={formatWaitTime(f.takedowns.worstSeconds)} />
            <Figure name="takedowns-overdue" label={`Open past ${TAKEDOWN_HOURS} hours now`} value={f.takedowns.overdueOpen} />
          </dl>
        </section>
        <section aria-labelledby="removal-figures" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="removal-figures" className="font-semibold">
            Videos taken down: <span data-figure="videos-removed">{f.videosRemoved}</span>
          </h3>
          <p className="mt-3 text-sm text-zinc-300">
            After a report, a takedown request or our own review. Their files are deleted and fingerprinted so the same file cannot return.
          </p>
        </section>
      </div>
    </article>
  );
}

function Figure({ name, label, value }: { name: string; label: string; value: string | number }) {
  return (
    <div className="flex justify-between gap-4 border-t border-ink-800 pt-1.5">
      <dt className="text-zinc-300">{label}</dt>
      <dd className="tabular-nums" data-figure={name}>
        {value}
      </dd>
    </div>
  );
}
