import { data } from "react-router";
import { DashboardConsole } from "~/components/admin/DashboardConsole";
import { routeInput } from "~/lib/route-contract.server";
import { dashboardQuery } from "~core/console-schema";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { dashboardTotals, topCategories, topVideos, viewsChart } from "../../../server/services/dashboard";
import { openReportStats } from "../../../server/services/moderation-queue";
import { takedownSummary } from "../../../server/services/takedown-queue";
import type { Route } from "./+types/dashboard";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: dashboardQuery },
});

/** `/admin`: the dashboard (admins only); `?period=7|30|90` days, anything else is a 400. */
export async function loader(args: Route.LoaderArgs) {
  const { period } = routeInput(args.context, contract).query;
  const [totals, chart, videos, categories, reports, takedowns] = await Promise.all([
    dashboardTotals(),
    viewsChart(period),
    topVideos(period),
    topCategories(period),
    openReportStats(),
    takedownSummary(),
  ]);
  const safety = {
    openReports: reports.open,
    reportedItems: reports.items,
    oldestReportAt: reports.oldestAt?.toISOString() ?? null,
    now: new Date().toISOString(),
  };
  const open = { open: takedowns.open, overdue: takedowns.overdue, oldestAt: takedowns.oldestCreatedAt?.toISOString() ?? null };
  return data({ period, totals, chart, topVideos: videos, topCategories: categories, safety, takedowns: open });
}

export function meta() {
  return [{ title: "Dashboard | Console" }];
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return <DashboardConsole {...loaderData} />;
}
