import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useStylesShownLater } from "~/lib/later-styles";
import type { useMenuButton } from "~/lib/use-menu-button";

/** The look of an item in the site's action menus (Share, a card's "More"); each menu declares it with its own. The
 * focus ring is drawn inside the item: the menu's rounded box clips what lies outside it. */
export const MENU_ITEM_CLASS =
  "block w-full px-4 py-2.5 text-start text-sm text-zinc-200 hover:bg-ink-700 focus-visible:bg-ink-700 focus-visible:-outline-offset-2";

/**
 * The markup of the site's menu buttons (WAI-ARIA menu button; the behaviour is useMenuButton's, whose parts come in
 * as `menu`): the button, then the menu while it is open, pointed to by aria-controls only then. `beside` sits
 * between the two (a status the button reports), `after` follows the menu. The player's single-choice menus are
 * app/components/player/MenuButton.tsx. A menu that would run past the window's edge (a button near the right of a
 * phone's screen) is moved back inside it.
 */
export function ActionMenu({
  menu: { open, toggle, root, button, menu: list, menuId, onMenuKey },
  className,
  buttonLabel,
  buttonClassName,
  buttonContent,
  menuLabel,
  menuClassName,
  beside,
  after,
  children,
}: {
  menu: ReturnType<typeof useMenuButton>;
  /** The root's classes (it is the menu's positioning parent). */
  className: string;
  /** The button's accessible name when its content is not one. */
  buttonLabel?: string;
  buttonClassName: string;
  buttonContent: ReactNode;
  menuLabel: string;
  menuClassName: string;
  beside?: ReactNode;
  after?: ReactNode;
  /** The items, each with role="menuitem". */
  children: ReactNode;
}) {
  const shift = useShiftIntoView(open, list);
  useStylesShownLater(menuClassName); // its items' classes are the caller's to declare
  return (
    <div ref={root} className={className}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        onClick={toggle}
        className={buttonClassName}
      >
        {buttonContent}
      </button>
      {beside}
      {open && (
        <div
          ref={list}
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className={menuClassName}
          style={shift ? { transform: `translateX(${shift}px)` } : undefined}
        >
          {children}
        </div>
      )}
      {after}
    </div>
  );
}

/** Room kept between an opened menu and the window's edge. */
const EDGE_PX = 8;

/**
 * How far left an open menu must move to end inside the window (0 when it fits), measured before it paints, and
 * again whenever its size changes while open (a font or a rule that lands after it opened).
 */
function useShiftIntoView(open: boolean, list: { current: HTMLElement | null }): number {
  const [shift, setShift] = useState(0);
  const applied = useRef(0);
  useLayoutEffect(() => {
    const element = open ? list.current : null;
    applied.current = 0;
    if (!element) return setShift(0);
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const [left, right] = [rect.left - applied.current, rect.right - applied.current]; // where it is unshifted
      const overflow = right - (document.documentElement.clientWidth - EDGE_PX);
      applied.current = overflow > 0 ? -Math.min(overflow, Math.max(0, left - EDGE_PX)) : 0;
      setShift(applied.current);
    };
    measure();
    const observer = new ResizeObserver(measure); // a transform changes no size: no loop
    observer.observe(element);
    return () => observer.disconnect();
  }, [open, list]);
  return shift;
}
