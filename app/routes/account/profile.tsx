import { data } from "react-router";
import { AccountShell } from "~/components/account/AccountShell";
import { Avatar } from "~/components/account/Avatar";
import { translator, useMessages } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeViewer } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { localeOfRequest } from "~core/locales";
import { paths } from "~core/paths";
import { ACCOUNT_PAGE, defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { displayName, type Viewer } from "~core/viewer";
import { type MessageId, pageTexts } from "../../../server/i18n/catalog";
import type { Route } from "./+types/profile";

export const contract = defineRoute({
  ...ACCOUNT_PAGE,
});

export async function loader(args: Route.LoaderArgs) {
  const viewer = routeViewer(args.context);
  const intl = pageTexts(localeOfRequest(args.request), ["account"]);
  return data({ viewer, intl }, { headers: { "Cache-Control": "private, no-store" } });
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "account");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: t("profileTitle"),
    description: t("profileDescription", { site: site.name }),
    path: paths.profile(),
    noindex: true,
  });
}

const ROLE_NAMES = { user: "roleUser", creator: "roleCreator", admin: "roleAdmin" } as const satisfies Record<
  Viewer["role"],
  MessageId<"account">
>;

/** Greets by full name, falling back to the e-mail (docs/product.md "Accounts"). */
export default function Profile({ loaderData: { viewer } }: Route.ComponentProps) {
  const t = useMessages("account");
  return (
    <AccountShell title={t("profileTitle")}>
      <div className="flex items-center gap-4 rounded-xl border border-ink-800 bg-ink-900 p-6">
        <Avatar viewer={viewer} size={64} />
        <div className="min-w-0">
          <p className="text-xl font-semibold [overflow-wrap:anywhere]">{t("welcome", { name: displayName(viewer) })}</p>
          <p className="mt-1 truncate text-sm text-zinc-400">{viewer.email}</p>
          <p className="mt-1 text-sm text-zinc-400">{t(ROLE_NAMES[viewer.role])}</p>
        </div>
      </div>
    </AccountShell>
  );
}
