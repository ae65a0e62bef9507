import { data, redirect, useLocation } from "react-router";
import { CopyLink } from "~/components/playlists/CopyLink";
import { PlaylistFields } from "~/components/playlists/PlaylistFields";
import { PlaylistItems } from "~/components/playlists/PlaylistItems";
import { usePlaylistWrite } from "~/components/playlists/use-playlist-write";
import { AppLink } from "~/components/ui/AppLink";
import { ErrorState } from "~/components/ui/ErrorState";
import { Pagination } from "~/components/ui/Pagination";
import { existingPage } from "~/lib/account-pages.server";
import { stillsFor } from "~/lib/age-assurance.server";
import { translator, useMessages, usePaths } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches, useRootData } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { notFound } from "~/lib/route-input";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import { localeOfRequest } from "~core/locales";
import { input } from "~core/params";
import { paths, pathsIn } from "~core/paths";
import { playlistRef } from "~core/playlist-schema";
import { PLAYLIST_ITEMS_PER_PAGE, WATCH_LATER } from "~core/playlists";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import { attempt } from "../../../server/http/route-errors";
import { getViewer } from "../../../server/http/session";
import { pageTexts } from "../../../server/i18n/catalog";
import { localizeCards } from "../../../server/services/content-translations";
import { getPlaylistPage, type PlaylistPage } from "../../../server/services/playlist-page";
import type { Route } from "./+types/playlist";

/**
 * `/playlists/:list`: a playlist's page. Its owner edits it here (details, visibility, order, removal,
 * deletion); a public one is readable by anyone at this address (its id is a random uuid), with no word
 * about its owner; a private one is the 404 page to everyone else. Rendered per viewer: never cached.
 */
export const contract = defineRoute({
  access: "public",
  kind: "page",
  robots: "noindex",
  cacheControl: "private, no-store",
  input: { params: z.object({ list: playlistRef }), query: z.object({ page: input.page }) },
});

export async function loader(args: Route.LoaderArgs) {
  const { params, query } = routeInput(args.context, contract);
  const locale = localeOfRequest(args.request);
  const viewer = await getViewer(args);
  if (params.list === WATCH_LATER && !viewer) throw redirect(pathsIn(locale).login(pathsIn(locale).playlist(WATCH_LATER)));
  const intl = pageTexts(locale, ["account"]);
  const found = await attempt(
    args.context,
    "playlist",
    async () => {
      const page = await getPlaylistPage(viewer?.id ?? null, params.list, query.page);
      return page && { ...page, items: await localizeCards(page.items, locale) };
    },
    () => "failed" as const,
  );
  if (found === "failed") return data({ state: "error" as const, intl }, { status: 500 });
  if (!found) notFound();
  const { page, pageCount } = existingPage(args.request, query.page, found.total, PLAYLIST_ITEMS_PER_PAGE);
  const shown: PlaylistPage = { ...found, items: found.items.map(stillsFor(args.context)) };
  return data({ state: "ok" as const, found: shown, page, pageCount, intl });
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "account");
  const playlist = loaderData?.state === "ok" ? loaderData.found.playlist : null;
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: playlist ? (playlist.kind === "watch_later" ? t("watchLater") : playlist.title) : t("playlistTitle"),
    description: t("playlistDescription", { site: site.name }),
    path: paths.playlist(params.list ?? ""),
    noindex: true,
  });
}

export default function Playlist({ loaderData: d }: Route.ComponentProps) {
  const t = useMessages("account");
  const paths = usePaths();
  if (d.state === "error") return <ErrorState message={t("loadFailed")} />;
  const { found, page, pageCount } = d;
  const { playlist, items, mine, ref } = found;
  const firstPlayable = items.find((i) => i.available);
  const editable = mine && playlist.kind === "playlist";
  return (
    <section className="mx-auto max-w-4xl">
      {mine && (
        <p className="text-sm">
          <AppLink to={paths.playlists()} className="text-brand-300 hover:underline">
            {t("backToPlaylists")}
          </AppLink>
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {playlist.kind === "watch_later" ? (
          <h1 className="min-w-0 flex-1 break-words text-3xl font-bold">{t("watchLater")}</h1>
        ) : (
          <h1 dir="auto" className="min-w-0 flex-1 break-words text-start text-3xl font-bold">
            {playlist.title}
          </h1>
        )}
        <span className="rounded-full border border-ink-700 px-3 py-1 text-xs font-semibold text-zinc-300">
          {t(playlist.isPublic ? "public" : "private")}
        </span>
      </div>
      {mine && playlist.held && (
        <p role="note" className="mt-3 rounded-lg border border-amber-700/70 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
          {t("playlistHeld")}
        </p>
      )}
      {playlist.description && (
        <p dir="auto" className="mt-3 whitespace-pre-line text-start text-zinc-300">
          {playlist.description}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="text-sm text-zinc-400">{t("videoCount", { count: playlist.count })}</span>
        {firstPlayable && (
          <AppLink
            to={paths.video(firstPlayable.id, { list: ref })}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("playAll")}
          </AppLink>
        )}
        {editable && playlist.isPublic && <ShareLink path={paths.playlist(ref)} />}
        {!mine && (
          <AppLink
            to={paths.report({ type: "playlist", id: playlist.id })}
            rel="nofollow"
            aria-label={t("reportPlaylist")}
            className="text-sm text-zinc-300 underline hover:text-white"
          >
            {t("report")}
          </AppLink>
        )}
      </div>
      {editable && <EditDetails playlist={playlist} />}
      <div className="mt-8">
        {items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-ink-700 px-6 py-12 text-center text-zinc-400">{t("playlistEmpty")}</p>
        ) : (
          <PlaylistItems listRef={ref} items={items} offset={found.offset} total={found.total} editable={mine} />
        )}
        <Pagination current={page} total={pageCount} hrefFor={(p) => paths.playlist(ref, p)} />
      </div>
      {editable && <DeletePlaylist id={playlist.id} />}
    </section>
  );
}

function ShareLink({ path }: { path: string }) {
  const url = absoluteUrl(useRootData()?.siteUrl ?? "", path);
  return <CopyLink url={url} />;
}

function EditDetails({ playlist }: { playlist: PlaylistPage["playlist"] }) {
  const t = useMessages("account");
  const write = usePlaylistWrite();
  const here = useLocation().pathname;
  return (
    <details className="mt-6 rounded-xl border border-ink-800 bg-ink-900 p-4" open={Boolean(write.refusal)}>
      <summary className="cursor-pointer font-semibold">{t("editDetails")}</summary>
      <write.fetcher.Form method="post" action={paths.api.playlists()} className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="playlist" value={playlist.id} />
        <input type="hidden" name="redirectTo" value={here} />
        <PlaylistFields idPrefix="edit" refusal={write.refusal} initial={playlist} />
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={write.busy}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {t("saveChanges")}
          </button>
          <span role="status" className="text-sm text-zinc-300">
            {write.answer?.ok ? t("saved") : ""}
          </span>
        </div>
        {write.refusal && !write.refusal.field && (
          <p role="alert" className="text-sm text-red-300">
            {write.refusal.message}
          </p>
        )}
      </write.fetcher.Form>
    </details>
  );
}

/**
 * Deleting asks once more (a disclosure with the real button: no script needed). A plain form post: the
 * server answers with the way to the list, so this page's loader never runs for a playlist that is gone.
 */
function DeletePlaylist({ id }: { id: string }) {
  const t = useMessages("account");
  const paths = usePaths();
  return (
    <details className="mt-10 rounded-xl border border-red-900/60 bg-ink-900 p-4">
      <summary className="cursor-pointer font-semibold text-red-300">{t("deletePlaylist")}</summary>
      <p className="mt-3 text-sm text-zinc-300">{t("deletePlaylistNote")}</p>
      <form method="post" action={paths.api.playlists()} className="mt-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="playlist" value={id} />
        <input type="hidden" name="redirectTo" value={paths.playlists()} />
        <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-600">
          {t("deletePlaylistConfirm")}
        </button>
      </form>
    </details>
  );
}
