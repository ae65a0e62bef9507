import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";
import { refusalText } from "~/lib/playlist-refusal-text";
import { useViewer } from "~/lib/viewer-state";
import { type PlaylistAnswer, WATCH_LATER } from "~core/playlists";
import { SaveDialog } from "./SaveDialog";

const PILL = "inline-flex items-center gap-2 rounded-full bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-700";

/**
 * The video page's Save controls beside like and favorite: "Watch later" toggles the video in the signed-in
 * user's Watch Later with one click (a form: without JavaScript it posts and the server sends the browser
 * back); "Save…" opens the playlist dialog. The saved state comes from /api/viewer-state (`saved`), never
 * from the page (it is cached for everyone). Visitors get links to sign in that come back here.
 */
export function SaveControls({ videoId, title, saved }: { videoId: string; title: string; saved: boolean }) {
  const t = useMessages("playlists");
  const paths = usePaths();
  const { mode } = useViewer();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const fetcher = useFetcher<PlaylistAnswer>();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Changed in the dialog since the state arrived (the dialog writes without a revalidation).
  const [fromDialog, setFromDialog] = useState<{ videoId: string; saved: boolean } | null>(null);
  const pending = fetcher.formData?.get("intent");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const shown =
    pending !== undefined && pending !== null
      ? pending === "add"
      : fromDialog?.videoId === videoId
        ? fromDialog.saved
        : answer?.ok && answer.saved !== undefined
          ? answer.saved
          : saved;

  if (mode === "visitor") {
    return (
      <Link to={paths.login(here)} className={PILL} title={t("signInToSave")}>
        <ClockIcon filled={false} />
        <span>{t("watchLaterButton")}</span>
      </Link>
    );
  }
  return (
    <div className="inline-flex items-center gap-2">
      <fetcher.Form method="post" action={paths.api.playlists()} onSubmit={() => setFromDialog(null)}>
        <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
        <input type="hidden" name="playlist" value={WATCH_LATER} />
        <input type="hidden" name="videoId" value={videoId} />
        <input type="hidden" name="redirectTo" value={here} />
        <button
          type="submit"
          className={`${PILL} disabled:cursor-wait`}
          aria-pressed={shown}
          disabled={fetcher.state !== "idle"}
          title={shown ? t("removeFromWatchLater") : t("saveToWatchLater")}
        >
          <ClockIcon filled={shown} />
          <span>{t("watchLaterButton")}</span>
        </button>
      </fetcher.Form>
      {/* The dialog needs JavaScript; without it the button does nothing, so it comes with hydration. */}
      {mode === "signed-in" && (
        <button type="button" aria-haspopup="dialog" onClick={() => setDialogOpen(true)} className={PILL}>
          <PlusIcon />
          <span>{t("save")}</span>
        </button>
      )}
      {answer && !answer.ok && (
        <span role="alert" className="text-sm text-red-300">
          {refusalText(t, answer)}
        </span>
      )}
      {dialogOpen && (
        <SaveDialog
          videoId={videoId}
          title={title}
          onClose={() => setDialogOpen(false)}
          onWatchLater={(s) => setFromDialog({ videoId, saved: s })}
        />
      )}
    </div>
  );
}

export function ClockIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className={filled ? "text-brand-400" : ""}>
      <circle cx="12" cy="12" r="9" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v5l3 2" fill="none" stroke={filled ? "#0b0b10" : "currentColor"} strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h11M4 12h11M4 18h7M18 14v8M14 18h8" strokeLinecap="round" />
    </svg>
  );
}
