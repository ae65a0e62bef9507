import { data } from "react-router";
import { AccountShell, EmptyState } from "~/components/account/AccountShell";
import { siteUrlFromMatches } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { requireViewer } from "../../../server/auth/session";
import type { Route } from "./+types/settings";

export async function loader(args: Route.LoaderArgs) {
  await requireViewer(args);
  return data(null, { headers: { "Cache-Control": "private, no-store" } });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    title: "Settings",
    description: "Your Pleazure account settings.",
    path: "/settings",
    noindex: true,
  });
}

/** Signed-in only; SPEC.md's sentence is the empty state until the page has content. */
export default function Settings() {
  return (
    <AccountShell title="Settings">
      <EmptyState>Manage your account preferences here.</EmptyState>
    </AccountShell>
  );
}
