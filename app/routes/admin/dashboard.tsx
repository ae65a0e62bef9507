import { data } from "react-router";
import { DashboardConsole } from "~/components/admin/DashboardConsole";
import { routeInput } from "~/lib/route-contract.server";
import { routeHeaders } from "~/lib/route-headers";
import { dashboardQuery } from "~core/console-schema";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { dashboardTotals, topCategories, topVideos, viewsChart } from "../../../server/services/dashboard";
import { takedownSummary } from "../../../server/services/takedowns";
import type { Route } from "./+types/dashboard";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: dashboardQuery },
});

/** `/admin`: the dashboard (admins only); `?period=7|30|90` days, anything else is a 400. */
export async function loader(args: Route.LoaderArgs) {
  const { period } = routeInput(args.context, contract).query;
  const [totals, chart, videos, categories, takedowns] = await Promise.all([
    dashboardTotals(),
    viewsChart(period),
    topVideos(period),
    topCategories(period),
    takedownSummary(),
  ]);
  return data({
    period,
    totals,
    chart,
    topVideos: videos,
    topCategories: categories,
    takedowns: { open: takedowns.open, overdue: takedowns.overdue, oldestHours: hoursSince(takedowns.oldestCreatedAt) },
  });
}

/** Whole hours a request has waited (the dashboard's "oldest" figure). */
function hoursSince(at: Date | null): number | null {
  return at ? Math.floor((Date.now() - at.getTime()) / 3_600_000) : null;
}

export const headers = routeHeaders;

export function meta() {
  return [{ title: "Dashboard | Console" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return <DashboardConsole {...loaderData} />;
}
