import { useId } from "react";
import { useMessages } from "~/lib/i18n";
import { copyText } from "~/lib/share";
import { useFleetingStatus } from "~/lib/use-fleeting-status";
import { useHydrated } from "~/lib/use-hydrated";

/** The copy feedback of docs/product.md "Video page", cleared after 2 seconds (as the share menu's). */
const STATUS_MS = 2000;

/** A public playlist's address to hand around: shown (selectable without a script) with a "Copy link" button. */
export function CopyLink({ url }: { url: string }) {
  const t = useMessages("playlists");
  const [status, setStatus] = useFleetingStatus(STATUS_MS);
  const id = useId();
  // Copying needs a script; without one the address stays selectable in the field. The button keeps its
  // place (invisible: no focus, not announced) until then, so nothing below moves when it appears.
  const hydrated = useHydrated();
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t("shareableLink")}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="w-72 max-w-full rounded-lg border border-zinc-500 bg-ink-950 px-3 py-1.5 text-sm text-zinc-300"
      />
      <button
        type="button"
        disabled={!hydrated}
        onClick={async () => setStatus((await copyText(url)) ? t("copied") : t("copyFailed"))}
        className={`rounded-full bg-ink-800 px-4 py-1.5 text-sm font-semibold hover:bg-ink-700 ${hydrated ? "" : "invisible"}`}
      >
        {t("copyLink")}
      </button>
      <span role="status" className="text-sm text-zinc-300">
        {status}
      </span>
    </div>
  );
}
