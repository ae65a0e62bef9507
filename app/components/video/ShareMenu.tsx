import { startTransition, useEffect, useState } from "react";
import { ActionMenu, MENU_ITEM_CLASS } from "~/components/ui/ActionMenu";
import { useMessages } from "~/lib/i18n";
import { useStylesShownLater } from "~/lib/later-styles";
import { copyText, shareLinks } from "~/lib/share";
import { useFleetingStatus } from "~/lib/use-fleeting-status";
import { useMenuButton } from "~/lib/use-menu-button";

/** docs/product.md "Video page": the copy result is cleared after 2 seconds. */
const STATUS_MS = 2000;

/**
 * The video page's Share menu: share on X, share on Reddit (plain links, so they work before hydration
 * and with a middle click), copy the URL, and the device's own share sheet where the browser has one.
 * Closes on a click outside, on Escape (focus goes back to the button) and after an item is chosen.
 */
export function ShareMenu({ title, url }: { title: string; url: string }) {
  const t = useMessages("video");
  const menu = useMenuButton();
  const { finish } = menu;
  const [status, setStatus] = useFleetingStatus(STATUS_MS);
  const [nativeShare, setNativeShare] = useState(false);
  const links = shareLinks(title, url);
  useStylesShownLater(MENU_ITEM_CLASS);

  // Known only in the browser: decided after hydration so the server and client render the same menu.
  useEffect(() => startTransition(() => setNativeShare(typeof navigator.share === "function")), []); // as app/lib/use-hydrated.ts
  const copy = async () => {
    finish();
    setStatus((await copyText(url)) ? t("copied") : t("copyFailed"));
  };
  const share = () => {
    finish();
    navigator.share({ title, url }).catch(() => {}); // cancelled by the visitor: nothing to say
  };

  return (
    <ActionMenu
      menu={menu}
      className="relative inline-flex items-center gap-3"
      buttonClassName="inline-flex items-center gap-2 rounded-full bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-700"
      buttonContent={
        <>
          <ShareIcon />
          {t("share")}
        </>
      }
      beside={
        <span role="status" className="text-sm text-zinc-300">
          {status}
        </span>
      }
      menuLabel={t("share")}
      menuClassName="absolute start-0 top-full z-30 mt-2 w-56 overflow-hidden rounded-xl border border-ink-700 bg-ink-800 py-1"
    >
      <a role="menuitem" href={links.x} target="_blank" rel="noopener noreferrer" onClick={finish} className={MENU_ITEM_CLASS}>
        {t("shareOnX")}
      </a>
      <a role="menuitem" href={links.reddit} target="_blank" rel="noopener noreferrer" onClick={finish} className={MENU_ITEM_CLASS}>
        {t("shareOnReddit")}
      </a>
      <button role="menuitem" type="button" onClick={copy} className={MENU_ITEM_CLASS}>
        {t("copyUrl")}
      </button>
      {nativeShare && (
        <button role="menuitem" type="button" onClick={share} className={MENU_ITEM_CLASS}>
          {t("moreOptions")}
        </button>
      )}
    </ActionMenu>
  );
}

function ShareIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}
