import { data } from "react-router";
import { DashboardConsole } from "~/components/admin/DashboardConsole";
import { parseQuery } from "~/lib/route-input";
import { dashboardQuery } from "~core/console-schema";
import { requireAdmin } from "../../../server/auth/session";
import { dashboardTotals, topCategories, topVideos, viewsChart } from "../../../server/services/dashboard";
import type { Route } from "./+types/dashboard";
import { CONSOLE_HEADERS, consoleHeaders } from "./layout";

/** `/admin`: the dashboard (admins only); `?period=7|30|90` days, anything else is a 400. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { period } = parseQuery(dashboardQuery, args.request);
  const [totals, chart, videos, categories] = await Promise.all([
    dashboardTotals(),
    viewsChart(period),
    topVideos(period),
    topCategories(period),
  ]);
  return data({ period, totals, chart, topVideos: videos, topCategories: categories }, { headers: CONSOLE_HEADERS });
}

export function headers(args: Route.HeadersArgs) {
  return consoleHeaders(args);
}

export function meta() {
  return [{ title: "Dashboard | Console" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return <DashboardConsole {...loaderData} />;
}
