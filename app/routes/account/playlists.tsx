import { data } from "react-router";
import { AccountShell } from "~/components/account/AccountShell";
import { PlaylistFields } from "~/components/playlists/PlaylistFields";
import { usePlaylistWrite } from "~/components/playlists/use-playlist-write";
import { AppLink } from "~/components/ui/AppLink";
import { ErrorState } from "~/components/ui/ErrorState";
import { translator, useMessages, usePaths } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeViewer } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { localeOfRequest } from "~core/locales";
import { paths } from "~core/paths";
import { WATCH_LATER } from "~core/playlists";
import { ACCOUNT_PAGE, defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { attempt } from "../../../server/http/route-errors";
import { pageTexts } from "../../../server/i18n/catalog";
import { listPlaylists, type PlaylistSummary } from "../../../server/services/owned-playlists";
import type { Route } from "./+types/playlists";

export const contract = defineRoute({ ...ACCOUNT_PAGE });

/** The signed-in user's playlists: Watch Later first, then theirs, with how many videos each plays. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = routeViewer(args.context);
  const intl = pageTexts(localeOfRequest(args.request), ["account"]);
  const lists = await attempt(
    args.context,
    "playlists",
    () => listPlaylists(viewer.id),
    () => null,
  );
  if (!lists) return data({ error: true, lists: [] as PlaylistSummary[], intl }, { status: 500 });
  return data({ error: false, lists, intl });
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "account");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: t("playlistsTitle"),
    description: t("playlistsDescription", { site: site.name }),
    path: paths.playlists(),
    noindex: true,
  });
}

export default function Playlists({ loaderData: d }: Route.ComponentProps) {
  const t = useMessages("account");
  const paths = usePaths();
  return (
    <AccountShell title={t("playlistsTitle")}>
      {d.error ? (
        <ErrorState message={t("loadFailed")} />
      ) : (
        <>
          <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
            {d.lists.map((list) => (
              <li key={list.id}>
                <AppLink
                  to={paths.playlist(list.kind === "watch_later" ? WATCH_LATER : list.id)}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-ink-800"
                >
                  {list.kind === "watch_later" ? (
                    <span className="min-w-0 flex-1 truncate font-semibold">{t("watchLater")}</span>
                  ) : (
                    <span dir="auto" className="min-w-0 flex-1 truncate text-start font-semibold">
                      {list.title}
                    </span>
                  )}
                  <span className="text-sm text-zinc-400">{t(list.isPublic ? "public" : "private")}</span>
                  <span className="w-24 text-end text-sm tabular-nums text-zinc-400">{t("videoCount", { count: list.count })}</span>
                </AppLink>
              </li>
            ))}
          </ul>
          {d.lists.length === 1 && <p className="mt-3 text-sm text-zinc-400">{t("playlistsEmpty")}</p>}
          <NewPlaylist />
        </>
      )}
    </AccountShell>
  );
}

/** Creating one: with JavaScript the answer comes back here and the page goes to the new list; without, the server sends it there. */
function NewPlaylist() {
  const t = useMessages("account");
  const write = usePlaylistWrite({ goToCreated: true });
  return (
    <section aria-labelledby="new-playlist-heading" className="mt-8 rounded-xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="new-playlist-heading" className="text-lg font-semibold">
        {t("newPlaylist")}
      </h2>
      <write.fetcher.Form method="post" action={paths.api.playlists()} className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="create" />
        <PlaylistFields idPrefix="new" refusal={write.refusal} />
        <button
          type="submit"
          disabled={write.busy}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t("createPlaylist")}
        </button>
        {write.refusal && !write.refusal.field && (
          <p role="alert" className="text-sm text-red-300">
            {write.refusal.message}
          </p>
        )}
      </write.fetcher.Form>
    </section>
  );
}
