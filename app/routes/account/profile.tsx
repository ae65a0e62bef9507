import { data } from "react-router";
import { AccountShell } from "~/components/account/AccountShell";
import { Avatar } from "~/components/account/Avatar";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeViewer } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { paths } from "~core/paths";
import { ACCOUNT_PAGE, defineRoute } from "~core/route-contract";
import { displayName } from "~core/viewer";
import type { Route } from "./+types/profile";

export const contract = defineRoute({
  ...ACCOUNT_PAGE,
});

export async function loader(args: Route.LoaderArgs) {
  const viewer = routeViewer(args.context);
  return data({ viewer }, { headers: { "Cache-Control": "private, no-store" } });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl: siteUrlFromMatches(matches),
    title: "Profile",
    description: "Your Pleazure profile.",
    path: paths.profile(),
    noindex: true,
  });
}

const ROLE_NAMES = { user: "Member", creator: "Creator (comment moderator)", admin: "Administrator" } as const;

/** Greets by full name, falling back to the e-mail (docs/product.md "Accounts"). */
export default function Profile({ loaderData: { viewer } }: Route.ComponentProps) {
  return (
    <AccountShell title="Profile">
      <div className="flex items-center gap-4 rounded-xl border border-ink-800 bg-ink-900 p-6">
        <Avatar viewer={viewer} size={64} />
        <div className="min-w-0">
          <p className="text-xl font-semibold">Welcome, {displayName(viewer)}!</p>
          <p className="mt-1 truncate text-sm text-zinc-400">{viewer.email}</p>
          <p className="mt-1 text-sm text-zinc-400">{ROLE_NAMES[viewer.role]}</p>
        </div>
      </div>
    </AccountShell>
  );
}
