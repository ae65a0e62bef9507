import { Link } from "react-router";
import type { DashboardTotals, TopEntry } from "~core/console-rows";
import { PERIODS } from "~core/console-schema";
import { paths } from "~core/paths";
import { SectionHeader, waitedFor } from "./console-ui";
import { ViewsChart } from "./ViewsChart";

const number = (n: number) => n.toLocaleString("en-US");

/** The console's dashboard: site totals, views per day and the top videos and categories of a period. */
export function DashboardConsole(props: {
  period: number;
  totals: DashboardTotals;
  chart: { day: string; views: number }[];
  topVideos: TopEntry[];
  topCategories: TopEntry[];
  safety: { openReports: number; reportedItems: number; oldestReportAt: string | null; now: string };
  takedowns: { open: number; overdue: number; oldestAt: string | null };
}) {
  const { totals, period } = props;
  const periodViews = props.chart.reduce((sum, d) => sum + d.views, 0);
  const cards = [
    { key: "videos", label: "Videos", value: totals.videos, note: `${number(totals.publicVideos)} public` },
    { key: "views", label: "Views", value: totals.views, note: `${number(periodViews)} in the last ${period} days` },
    { key: "likes", label: "Likes", value: totals.likes },
    { key: "comments", label: "Comments", value: totals.comments },
    { key: "messages", label: "Unread messages", value: totals.messages },
    {
      key: "reports",
      label: "Open reports",
      value: props.safety.openReports,
      note: props.safety.oldestReportAt ? `oldest waiting ${waitedFor(props.safety.oldestReportAt, props.safety.now)}` : "none waiting",
      to: paths.admin.reports(),
    },
    {
      key: "takedowns",
      label: "Open takedowns",
      value: props.takedowns.open,
      // Past its deadline (TAKEDOWN_HOURS) is the figure that matters (the TAKE IT DOWN Act's clock): said in words.
      note: props.takedowns.oldestAt
        ? `oldest waiting ${waitedFor(props.takedowns.oldestAt, props.safety.now)}${props.takedowns.overdue ? `; ${number(props.takedowns.overdue)} overdue` : ""}`
        : "none waiting",
      to: paths.admin.takedowns(),
    },
  ];
  return (
    <div className="space-y-10">
      <SectionHeader
        title="Dashboard"
        actions={
          <nav aria-label="Period">
            <ul className="flex gap-1 rounded-lg border border-ink-700 bg-ink-900 p-1">
              {PERIODS.map((p) => {
                const current = Number(p) === period;
                return (
                  <li key={p}>
                    <Link
                      to={paths.admin.dashboard({ period: Number(p) })}
                      aria-current={current ? "page" : undefined}
                      preventScrollReset
                      className={`block rounded-md px-3 py-1.5 text-sm font-medium ${current ? "bg-brand-600 text-white" : "text-zinc-200 hover:bg-ink-800"}`}
                    >
                      {p} days
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        }
      >
        <p>Totals since the start; the chart and the top lists cover the chosen period.</p>
      </SectionHeader>

      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {cards.map((c) => (
            <div key={c.key} data-total={c.key} className="rounded-xl border border-ink-700 bg-ink-900/60 p-4">
              <dt className="text-sm text-zinc-300">
                {"to" in c && c.to ? (
                  <Link to={c.to} className="text-brand-300 hover:underline">
                    {c.label}
                  </Link>
                ) : (
                  c.label
                )}
              </dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums" data-value={c.value}>
                {number(c.value)}
              </dd>
              {c.note && <dd className="mt-1 text-xs text-zinc-400">{c.note}</dd>}
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="chart-heading">
        <h2 id="chart-heading" className="mb-3 text-lg font-bold">
          Views per day, last {period} days
        </h2>
        {periodViews === 0 ? (
          <p className="rounded-xl border border-dashed border-ink-700 px-4 py-8 text-center text-sm text-zinc-300">
            No views were counted in the last {period} days.
          </p>
        ) : (
          <ViewsChart data={props.chart} caption={`Views per day, last ${period} days (UTC)`} />
        )}
      </section>

      <div className="grid gap-10 lg:grid-cols-2">
        <TopList
          id="top-videos"
          title={`Top videos, last ${period} days`}
          nameHeader="Video"
          entries={props.topVideos}
          hrefFor={(e) => paths.video(e.id)}
          period={period}
        />
        <TopList
          id="top-categories"
          title={`Top categories, last ${period} days`}
          nameHeader="Category"
          entries={props.topCategories}
          hrefFor={(e) => paths.category(e.name)}
          period={period}
        />
      </div>
    </div>
  );
}

/** A ranked table with a bar per row (its length relative to the first), the number always written out. */
function TopList(props: {
  id: string;
  title: string;
  nameHeader: string;
  entries: TopEntry[];
  hrefFor: (e: TopEntry) => string;
  period: number;
}) {
  const max = props.entries[0]?.views ?? 0;
  return (
    <section aria-labelledby={`${props.id}-heading`} data-top-list={props.id}>
      <h2 id={`${props.id}-heading`} className="mb-3 text-lg font-bold">
        {props.title}
      </h2>
      {props.entries.length === 0 ? (
        <p className="text-sm text-zinc-400">No views in the last {props.period} days.</p>
      ) : (
        <table className="w-full table-fixed text-left text-sm">
          <thead>
            <tr className="border-b border-ink-700 text-zinc-400">
              <th scope="col" className="w-8 py-2 font-medium">
                #
              </th>
              <th scope="col" className="py-2 font-medium">
                {props.nameHeader}
              </th>
              <th scope="col" className="w-24 py-2 text-right font-medium">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {props.entries.map((e, i) => (
              <tr key={e.id} className="border-b border-ink-800 align-top">
                <td className="py-2 text-zinc-400 tabular-nums">{i + 1}</td>
                <td className="py-2 pr-3">
                  <Link to={props.hrefFor(e)} className="block truncate font-medium hover:text-brand-300 hover:underline">
                    {e.name}
                  </Link>
                  <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-ink-800">
                    <span
                      className="block h-full rounded-full bg-brand-500"
                      style={{ width: `${max ? Math.max(2, (e.views / max) * 100) : 0}%` }}
                    />
                  </span>
                </td>
                <td className="py-2 text-right tabular-nums">{number(e.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
