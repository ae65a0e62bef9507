import { useEffect, useId, useState } from "react";
import { ModalDialog } from "~/components/layout/ModalDialog";
import { useMessages } from "~/lib/i18n";
import { refusalText } from "~/lib/playlist-refusal-text";
import { paths } from "~core/paths";
import type { PlaylistChoicesAnswer } from "~core/playlists";
import { PLAYLIST_LIMITS, type PlaylistChoice } from "~core/playlists";
import { postPlaylistWrite } from "./playlist-write";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; playlists: PlaylistChoice[] };

/**
 * "Save to playlist": a modal dialog (ModalDialog: focus kept inside, Escape closes, focus goes back to the
 * control that opened it) listing the signed-in user's playlists, Watch Later first, each a
 * checkbox that adds or removes the video at once, and a "New playlist" form that creates one with the
 * video in it. The list is asked when it opens (GET /api/playlists?video=), never with the page.
 * `onChange`: Watch Later changed here (the video page's button follows).
 */
export function SaveDialog({
  videoId,
  title,
  onClose,
  onWatchLater,
}: {
  videoId: string;
  title: string;
  onClose: () => void;
  onWatchLater?: (saved: boolean) => void;
}) {
  const t = useMessages("playlists");
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [status, setStatus] = useState("");
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const errorId = useId();

  useEffect(() => {
    const abort = new AbortController();
    fetch(paths.api.playlists(videoId), { headers: { Accept: "application/json" }, signal: abort.signal })
      .then(async (res) => (await res.json()) as PlaylistChoicesAnswer)
      .then((answer) => setLoad(answer.ok ? { state: "ready", playlists: answer.playlists } : { state: "failed" }))
      .catch(() => !abort.signal.aborted && setLoad({ state: "failed" }));
    return () => abort.abort();
  }, [videoId]);

  // Watch Later in the page's language; the others by the names their owner gave them.
  const choiceTitle = (choice: PlaylistChoice) => (choice.kind === "watch_later" ? t("watchLater") : choice.title);
  const mark = (id: string, contains: boolean) =>
    setLoad((l) => (l.state === "ready" ? { ...l, playlists: l.playlists.map((p) => (p.id === id ? { ...p, contains } : p)) } : l));
  // Ticked at once; untouched again if the server refuses.
  const toggle = async (choice: PlaylistChoice, contains: boolean) => {
    mark(choice.id, contains);
    const answer = await postPlaylistWrite({ intent: contains ? "add" : "remove", playlist: choice.id, videoId });
    if (!answer.ok) {
      mark(choice.id, !contains);
      setStatus(refusalText(t, answer));
      return;
    }
    const title = choiceTitle(choice);
    setStatus(contains ? t("savedTo", { title }) : t("removedFrom", { title }));
    if (choice.kind === "watch_later") onWatchLater?.(contains);
  };

  const create = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answer = await postPlaylistWrite({
      intent: "create",
      title: String(form.get("title") ?? ""),
      visibility: String(form.get("visibility") ?? "private"),
      videoId,
    });
    if (!answer.ok) {
      setError(refusalText(t, answer));
      return;
    }
    const made: PlaylistChoice = {
      id: answer.playlistId as string,
      kind: "playlist",
      title: String(form.get("title") ?? "").trim(),
      isPublic: form.get("visibility") === "public",
      contains: true,
    };
    setLoad((l) => (l.state === "ready" ? { ...l, playlists: [...l.playlists, made] } : l));
    setStatus(t("savedTo", { title: made.title }));
    setError(null);
    setCreating(false);
  };

  return (
    <ModalDialog heading={t("dialogHeading")} closeLabel={t("close")} onClose={onClose} widthClass="w-[min(24rem,calc(100vw-2rem))]">
      {() => (
        <>
          <p dir="auto" className="mt-1 truncate text-sm text-zinc-400">
            {title}
          </p>
          {load.state === "loading" && <p className="mt-4 text-sm text-zinc-400">{t("loading")}</p>}
          {load.state === "failed" && (
            <p role="alert" className="mt-4 text-sm text-red-300">
              {t("loadFailed")}
            </p>
          )}
          {load.state === "ready" && (
            <ul className="mt-4 max-h-64 space-y-1 overflow-y-auto">
              {load.playlists.map((choice) => (
                <li key={choice.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-ink-800">
                    <input
                      type="checkbox"
                      checked={choice.contains}
                      onChange={(e) => toggle(choice, e.target.checked)}
                      className="h-4 w-4 accent-brand-500"
                    />
                    <span dir={choice.kind === "watch_later" ? undefined : "auto"} className="min-w-0 flex-1 truncate">
                      {choiceTitle(choice)}
                    </span>
                    <span className="text-xs text-zinc-400">{choice.isPublic ? t("public") : t("private")}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <p role="status" className="mt-2 min-h-5 text-sm text-zinc-300">
            {status}
          </p>
          {creating ? (
            <form onSubmit={create} className="mt-3 space-y-3 border-t border-ink-800 pt-3" noValidate>
              <div>
                <label htmlFor={titleId} className="block text-sm font-medium">
                  {t("title")}
                </label>
                <input
                  id={titleId}
                  name="title"
                  required
                  maxLength={PLAYLIST_LIMITS.titleMax}
                  // biome-ignore lint/a11y/noAutofocus: inside ModalDialog's <dialog>, the form the person just asked for takes focus
                  autoFocus
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? errorId : undefined}
                  className="mt-1 w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2"
                />
                {error && (
                  <p id={errorId} role="alert" className="mt-1 text-sm text-red-300">
                    {error}
                  </p>
                )}
              </div>
              <fieldset>
                <legend className="text-sm font-medium">{t("visibility")}</legend>
                <div className="mt-1 flex gap-4 text-sm">
                  <label className="flex items-center gap-2">
                    <input type="radio" name="visibility" value="private" defaultChecked className="accent-brand-500" /> {t("private")}
                  </label>
                  <label className="flex items-center gap-2">
                    <input type="radio" name="visibility" value="public" className="accent-brand-500" /> {t("public")}
                  </label>
                </div>
              </fieldset>
              <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                {t("create")}
              </button>
            </form>
          ) : (
            <button
              type="button"
              onClick={() => setCreating(true)}
              className="mt-3 w-full rounded-lg border border-ink-700 px-4 py-2 text-start text-sm font-semibold hover:bg-ink-800"
            >
              {t("newPlaylist")}
            </button>
          )}
        </>
      )}
    </ModalDialog>
  );
}
