import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { menuItems, moveMenuFocus } from "./menu-keys";
import { useDismiss } from "./use-dismiss";

/**
 * The parts every menu button of the site's pages shares (WAI-ARIA menu button): the open state, closing on a
 * press outside or Escape (useDismiss), focus on the first item when it opens, arrow keys between the items,
 * and `finish` for an item that was chosen: the menu closes and focus goes back to the button; `close` for a
 * menu that closes without taking focus (the account menu on navigation).
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);
  useEffect(() => {
    if (open) menuItems(menu.current)[0]?.focus();
  }, [open]);

  const finish = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      finish();
      return;
    }
    moveMenuFocus(event, menu.current);
  };
  return { open, toggle: () => setOpen((o) => !o), close, root, button, menu, menuId, finish, onMenuKey };
}
