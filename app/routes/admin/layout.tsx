import { data, NavLink, Outlet } from "react-router";
import consoleCssUrl from "~/console.css?url";
import { routeViewer } from "~/lib/route-contract.server";
import { DEFAULT_LOCALE } from "~core/locales";
import { paths } from "~core/paths";
import { CONSOLE_PAGE, defineRoute, robotsMeta } from "~core/route-contract";
import { site } from "~core/site";
import { pageTexts } from "../../../server/i18n/catalog";
import type { Route } from "./+types/layout";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
});

export async function loader(args: Route.LoaderArgs) {
  const admin = routeViewer(args.context);
  // The console is in English (docs/i18n.md); the shared parts it shows (pagination, retry) read `listing`.
  return data({ adminEmail: admin.email, intl: pageTexts(DEFAULT_LOCALE, ["listing"]) });
}

/** The console's classes are not in the pages' inline stylesheet (app/app.css): its own stylesheet, linked and cached. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleCssUrl }];

/** The console's noindex as a tag too, rendered here for all its pages: they declare CONSOLE_PAGE (route-table.test.ts). */
const ROBOTS = robotsMeta(CONSOLE_PAGE);

/** The console's sections, in the order an editor's day goes. */
const SECTIONS = [
  { to: paths.admin.dashboard(), label: "Dashboard", end: true },
  { to: paths.admin.reports(), label: "Reports", end: false },
  { to: paths.admin.videos(), label: "Videos", end: false },
  { to: paths.admin.categories(), label: "Categories", end: false },
  { to: paths.admin.translations(), label: "Translations", end: false },
  { to: paths.admin.blog(), label: "Blog", end: false },
  { to: paths.admin.comments(), label: "Comments", end: false },
  { to: paths.admin.messages(), label: "Messages", end: false },
  { to: paths.admin.takedowns(), label: "Takedowns", end: false },
  { to: paths.admin.users(), label: "Users", end: false },
  { to: paths.admin.ads(), label: "Ad units", end: false },
  { to: paths.admin.audit(), label: "Audit log", end: false },
] as const;

/** The admin console's shell: its own navigation beside the section (stacked on a phone). */
export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <title>{`Console | ${site.name}`}</title>
      {ROBOTS && <meta {...ROBOTS} />}
      <nav aria-label="Console" className="md:w-52 md:shrink-0">
        <p className="mb-3 text-xs font-semibold uppercase tracking-widest text-zinc-400">Console</p>
        <ul className="flex gap-2 overflow-x-auto md:flex-col">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={s.end}
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "text-zinc-200 hover:bg-ink-800"}`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="mt-4 hidden break-all text-xs text-zinc-400 md:block">Signed in as {loaderData.adminEmail}</p>
      </nav>
      <main id="main" className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}
