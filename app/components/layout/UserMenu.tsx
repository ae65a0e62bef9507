import { useEffect } from "react";
import { Form, Link, useLocation } from "react-router";
import { Avatar } from "~/components/account/Avatar";
import { ActionMenu } from "~/components/ui/ActionMenu";
import { useMessages, usePaths } from "~/lib/i18n";
import { useStylesShownLater } from "~/lib/later-styles";
import { useMenuButton } from "~/lib/use-menu-button";
import { displayName, type Viewer } from "~core/viewer";

const ITEM_CLASS = "block w-full rounded-md px-3 py-2 text-start text-sm text-zinc-200 hover:bg-ink-800 hover:text-white focus:bg-ink-800";
const EMAIL_CLASS = "truncate px-3 pb-2 pt-1 text-xs text-zinc-400";
const SIGN_OUT_CLASS = "mt-1 border-t border-ink-800 pt-1";

/**
 * The signed-in header menu (docs/product.md "Page frame"): avatar and name; Profile, Favorites, Playlists, Watch History, Settings and
 * Sign Out. Closes on a click outside, Escape (focus returns to the button) and route change; arrow keys
 * move between the items.
 */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const t = useMessages("common");
  const paths = usePaths();
  const links = [
    { to: paths.profile(), label: t("menuProfile") },
    { to: paths.favorites(), label: t("menuFavorites") },
    { to: paths.playlists(), label: t("menuPlaylists") },
    { to: paths.history(), label: t("menuHistory") },
    { to: paths.settings(), label: t("menuSettings") },
  ];
  const menu = useMenuButton();
  const { close } = menu;
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of watching the location
  useEffect(close, [location.pathname, location.search]);

  const name = displayName(viewer);
  useStylesShownLater(ITEM_CLASS, EMAIL_CLASS, SIGN_OUT_CLASS);
  return (
    <ActionMenu
      menu={menu}
      className="relative"
      buttonLabel={t("accountMenuFor", { name })}
      buttonClassName="flex items-center gap-2 rounded-full p-1 pe-1 text-sm font-medium text-zinc-200 hover:bg-ink-800 sm:pe-3"
      buttonContent={
        <>
          <Avatar viewer={viewer} size={32} />
          <span className="hidden max-w-[10rem] truncate sm:inline">{name}</span>
        </>
      }
      menuLabel={t("account")}
      menuClassName="absolute end-0 top-full z-50 mt-2 w-56 rounded-xl border border-ink-700 bg-ink-900 p-2 shadow-2xl"
    >
      <p className={EMAIL_CLASS}>{viewer.email}</p>
      {links.map((link) => (
        <Link key={link.to} to={link.to} role="menuitem" className={ITEM_CLASS}>
          {link.label}
        </Link>
      ))}
      <Form method="post" action={paths.logout()} className={SIGN_OUT_CLASS}>
        <button type="submit" role="menuitem" className={ITEM_CLASS}>
          {t("signOut")}
        </button>
      </Form>
    </ActionMenu>
  );
}
