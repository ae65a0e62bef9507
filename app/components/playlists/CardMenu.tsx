import { lazy, Suspense, useState } from "react";
import { ActionMenu, MENU_ITEM_CLASS } from "~/components/ui/ActionMenu";
import { useMessages } from "~/lib/i18n";
import { useStylesShownLater } from "~/lib/later-styles";
import { refusalText } from "~/lib/playlist-refusal-text";
import { useFleetingStatus } from "~/lib/use-fleeting-status";
import { useMenuButton } from "~/lib/use-menu-button";
import { WATCH_LATER } from "~core/playlists";
import { postPlaylistWrite } from "./playlist-write";

// Loaded when first opened: the listing pages' JavaScript carries only the menu.
const SaveDialog = lazy(() => import("./SaveDialog").then((m) => ({ default: m.SaveDialog })));

/** How long the card says what happened (as the share menu's copy result). */
const STATUS_MS = 3000;

const STATUS_CLASS = "absolute end-0 top-full z-20 mt-2 whitespace-nowrap rounded bg-black/90 px-2 py-1 text-xs text-white";

/**
 * A video card's "More" menu (⋮) for a signed-in user: "Save to Watch Later" and "Save to playlist…". Only
 * the button is in the card's HTML; the menu is rendered when opened (the listing pages' byte budget). Arrow
 * keys move between the items, Escape and a click outside close it and focus returns to the button. Its texts are
 * `playlists`: a page that lists cards sends that namespace.
 */
export function CardMenu({ videoId, title }: { videoId: string; title: string }) {
  const t = useMessages("playlists");
  const menu = useMenuButton();
  const { finish } = menu;
  const [dialog, setDialog] = useState(false);
  const [status, setStatus] = useFleetingStatus(STATUS_MS);
  useStylesShownLater(MENU_ITEM_CLASS, STATUS_CLASS);

  const saveToWatchLater = async () => {
    finish();
    const answer = await postPlaylistWrite({ intent: "add", playlist: WATCH_LATER, videoId });
    setStatus(answer.ok ? t("savedToWatchLater") : refusalText(t, answer));
  };
  return (
    <ActionMenu
      menu={menu}
      className="relative"
      buttonLabel={t("moreFor", { title })}
      buttonClassName="grid h-9 w-9 place-items-center rounded-full bg-black/70 text-white hover:bg-black/90"
      buttonContent={
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      }
      menuLabel={t("moreFor", { title })}
      menuClassName="absolute end-0 top-full z-30 mt-2 w-52 overflow-hidden rounded-xl border border-ink-700 bg-ink-800 py-1 shadow-xl"
      after={
        <>
          {status && (
            <span role="status" className={STATUS_CLASS}>
              {status}
            </span>
          )}
          {dialog && (
            <Suspense fallback={null}>
              <SaveDialog videoId={videoId} title={title} onClose={() => setDialog(false)} />
            </Suspense>
          )}
        </>
      }
    >
      <button role="menuitem" type="button" onClick={saveToWatchLater} className={MENU_ITEM_CLASS}>
        {t("saveToWatchLater")}
      </button>
      <button
        role="menuitem"
        type="button"
        onClick={() => {
          finish(); // the dialog gives focus back to what had it: the button
          setDialog(true);
        }}
        className={MENU_ITEM_CLASS}
      >
        {t("saveToPlaylistMenu")}
      </button>
    </ActionMenu>
  );
}
