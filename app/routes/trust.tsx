import { data, Link } from "react-router";
import { reasonLabel } from "~/components/report/report-reasons";
import { formatLongDate, formatWaitTime } from "~/lib/format";
import { translator, useLocale, useMessages, usePaths } from "~/lib/i18n";
import { withElements } from "~/lib/message-parts";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { breadcrumbs, seoMeta } from "~/lib/seo";
import { type Locale, localeOfRequest } from "~core/locales";
import { paths, pathsIn } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { TAKEDOWN_HOURS } from "~core/takedown-clock";
import { env } from "../../server/env";
import { pageTexts, translate } from "../../server/i18n/catalog";
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

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const figures = await transparencyFigures();
  // Which countries get the stronger check is configuration (AGE_ASSURANCE_COUNTRIES): the page says so as set.
  const ageCountries = env().AGE_ASSURANCE_COUNTRIES.filter((c) => c !== "XX");
  // Durations are worded here, once: the browser shows the server's words, whatever its own Intl would say.
  const words = { none: translate(locale, "trust", "noneDecided"), underAMinute: translate(locale, "trust", "underAMinute") };
  const wait = (seconds: number | null) => formatWaitTime(seconds, locale, words);
  return data({
    ...figures,
    from: figures.from.toISOString(),
    to: figures.to.toISOString(),
    ageCountries,
    waits: {
      reportMedian: wait(figures.reportHandling.medianSeconds),
      reportWorst: wait(figures.reportHandling.worstSeconds),
      takedownMedian: wait(figures.takedowns.medianSeconds),
      takedownWorst: wait(figures.takedowns.worstSeconds),
    },
    // The reasons in the report form's own words (app/components/report/report-reasons.ts).
    intl: pageTexts(locale, ["trust", "report"]),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "trust");
  const common = translator(locale, "common");
  const siteUrl = siteUrlFromMatches(matches);
  const local = pathsIn(locale);
  return seoMeta({
    locale,
    siteUrl,
    title: t("metaTitle"),
    description: t("metaDescription", { site: site.name }),
    path: paths.trust(),
    jsonLd: [
      breadcrumbs(siteUrl, [
        { name: common("navHome"), path: local.home() },
        { name: t("metaTitle"), path: local.trust() },
      ]),
    ],
  });
}

// English keeps its day-month-year dates; another language writes them its own way.
const day = (iso: string, locale: Locale) =>
  locale === "en"
    ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
    : formatLongDate(iso, locale);

const h2 = "mt-10 text-2xl font-bold";
const p = "mt-3 text-zinc-300";
const link = "font-medium text-brand-300 underline-offset-2 hover:underline";

export default function TrustPage({ loaderData: f }: Route.ComponentProps) {
  const t = useMessages("trust");
  const reportTexts = useMessages("report");
  const locale = useLocale();
  const localPaths = usePaths();
  const figure = (name: string, value: number) => <span data-figure={name}>{value}</span>;
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold leading-tight sm:text-4xl">{t("metaTitle")}</h1>
      <p className={p}>{t("intro", { site: site.name })}</p>

      <h2 className={h2}>{t("reportingHeading")}</h2>
      <p className={p}>{withElements((slots) => t("reportingBody", slots), { report: <strong>{t("reportLink")}</strong> })}</p>

      <h2 className={h2}>{t("takedownHeading")}</h2>
      <p className={p}>
        {withElements((slots) => t("takedownBody", slots), {
          link: (
            <Link to={localPaths.takedown()} className={link}>
              {t("takedownLink")}
            </Link>
          ),
          deadline: <strong>{t("takedownDeadline", { hours: TAKEDOWN_HOURS })}</strong>,
        })}
      </p>

      <h2 className={h2}>{t("labellingHeading")}</h2>
      <p className={p}>{withElements((slots) => t("labellingBody", slots), { label: <strong>{t("aiGenerated")}</strong> })}</p>

      <h2 className={h2}>{t("ageHeading")}</h2>
      <p className={p}>{t("ageBody", { site: site.name })}</p>
      <p className={p} data-figure="age-countries">
        {f.ageCountries.length ? t("ageCountries", { countries: f.ageCountries.join(", ") }) : t("ageCountriesNone")}
      </p>

      <h2 className={h2}>{t("figuresHeading", { days: f.windowDays })}</h2>
      <p className={p}>{t("figuresPeriod", { from: day(f.from, locale), to: day(f.to, locale) })}</p>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="reports-figures" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="reports-figures" className="font-semibold">
            {withElements((slots) => t("reportsReceived", slots), { count: figure("reports-received", f.reportsReceived) })}
          </h3>
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">{t("reportsByReason")}</caption>
            <thead>
              <tr className="text-start text-zinc-400">
                <th scope="col" className="pb-1 font-medium">
                  {t("reasonColumn")}
                </th>
                <th scope="col" className="pb-1 text-end font-medium">
                  {t("reportsColumn")}
                </th>
              </tr>
            </thead>
            <tbody>
              {f.reportsByReason.map((r) => (
                <tr key={r.reason} className="border-t border-ink-800">
                  <th scope="row" className="py-1.5 text-start font-normal text-zinc-200">
                    {reasonLabel(reportTexts, r.reason)}
                  </th>
                  <td className="py-1.5 text-end tabular-nums" data-figure={`reason-${r.reason}`}>
                    {r.count}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="decisions-figures" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="decisions-figures" className="font-semibold">
            {t("itemsDecided", { count: String(f.reportHandling.decided) })}
          </h3>
          <dl className="mt-3 space-y-1.5 text-sm">
            <Figure name="items-removed" label={t("takenDown")} value={f.decisions.removed} />
            <Figure name="comments-removed" label={t("ofWhichComments")} value={f.commentsRemoved} />
            <Figure name="items-kept" label={t("keptAfterReview")} value={f.decisions.kept} />
            <Figure name="report-median" label={t("medianTime")} value={f.waits.reportMedian} />
            <Figure name="report-worst" label={t("longestTime")} value={f.waits.reportWorst} />
          </dl>
        </section>
        <section aria-labelledby="takedown-figures" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="takedown-figures" className="font-semibold">
            {withElements((slots) => t("takedownsReceived", slots), { count: figure("takedowns-received", f.takedowns.received) })}
          </h3>
          <dl className="mt-3 space-y-1.5 text-sm">
            <Figure name="takedowns-removed" label={t("takedownsRemoved")} value={f.takedowns.removed} />
            <Figure name="takedowns-rejected" label={t("takedownsRejected")} value={f.takedowns.rejected} />
            <Figure name="takedown-median" label={t("medianTime")} value={f.waits.takedownMedian} />
            <Figure name="takedown-worst" label={t("longestTime")} value={f.waits.takedownWorst} />
            <Figure name="takedowns-overdue" label={t("takedownsOverdue", { hours: TAKEDOWN_HOURS })} value={f.takedowns.overdueOpen} />
          </dl>
        </section>
        <section aria-labelledby="removal-figures" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="removal-figures" className="font-semibold">
            {withElements((slots) => t("videosRemoved", slots), { count: figure("videos-removed", f.videosRemoved) })}
          </h3>
          <p className="mt-3 text-sm text-zinc-300">{t("videosRemovedNote")}</p>
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
