import { data } from "react-router";
import { AccountShell, EmptyState } from "~/components/account/AccountShell";
import { siteUrlFromMatches } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { requireViewer } from "../../../server/auth/session";
import type { Route } from "./+types/favorites";

export async function loader(args: Route.LoaderArgs) {
  await requireViewer(args);
  return data(null, { headers: { "Cache-Control": "private, no-store" } });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    title: "Favorites",
    description: "Your favorite videos on Pleazure.",
    path: "/favorites",
    noindex: true,
  });
}

/** Signed-in only; SPEC.md's sentence is the empty state until the page has content. */
export default function Favorites() {
  return (
    <AccountShell title="Favorites">
      <EmptyState>Your favorite videos will appear here.</EmptyState>
    </AccountShell>
  );
}
