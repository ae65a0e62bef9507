import { data } from "react-router";
import { AccountShell, EmptyState } from "~/components/account/AccountShell";
import { siteUrlFromMatches } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { pagePath, requireViewer } from "../../../server/auth/session";
import type { Route } from "./+types/placeholder";

// One module serves the signed-in pages that have no content yet (ids account-favorites, …): SPEC.md's
// sentence is each one's empty state. Each becomes its own module when its feature lands.
const PAGES: Record<string, { title: string; description: string; empty: string }> = {
  "/favorites": {
    title: "Favorites",
    description: "Your favorite videos on Pleazure.",
    empty: "Your favorite videos will appear here.",
  },
  "/history": {
    title: "Watch History",
    description: "The videos you watched on Pleazure.",
    empty: "Your recently watched videos will appear here.",
  },
  "/settings": {
    title: "Settings",
    description: "Your Pleazure account settings.",
    empty: "Manage your account preferences here.",
  },
};

export async function loader(args: Route.LoaderArgs) {
  await requireViewer(args);
  const path = pagePath(new URL(args.request.url)).split("?")[0]?.replace(/\/+$/, "") ?? "";
  const page = PAGES[path];
  if (!page) throw data(null, { status: 404 });
  return data({ path, ...page }, { headers: { "Cache-Control": "private, no-store" } });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, description, path } = loaderData;
  return seoMeta({ siteUrl: siteUrlFromMatches(matches), title, description, path, noindex: true });
}

export default function AccountPlaceholder({ loaderData: page }: Route.ComponentProps) {
  return (
    <AccountShell title={page.title}>
      <EmptyState>{page.empty}</EmptyState>
    </AccountShell>
  );
}
