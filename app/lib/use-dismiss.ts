import { type RefObject, useEffect } from "react";

/**
 * While `open`, closes a popup (menu, panel) on a pointer press outside `container` and on Escape anywhere
 * (unless something handled that Escape and said so with preventDefault). An Escape from inside the popup puts
 * focus back on the button that opened it, instead of losing it with the popup's elements.
 * One behaviour for every menu on the site (header panels, share menu, player menus).
 */
export function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      // An Escape a control inside already used (the search combobox closing its list) is not the panel's.
      if (event.key !== "Escape" || event.defaultPrevented) return;
      focusOpenerOf(container.current);
      close();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, container, close]);
}

/** When focus is inside a popup of `root`, puts it on the popup's opener: the expanded button whose `aria-controls` names it. */
function focusOpenerOf(root: HTMLElement | null): void {
  const active = document.activeElement;
  if (!root || !active) return;
  for (const opener of root.querySelectorAll<HTMLElement>('[aria-expanded="true"][aria-controls]')) {
    const popup = document.getElementById(opener.getAttribute("aria-controls") ?? "");
    if (popup?.contains(active)) {
      opener.focus();
      return;
    }
  }
}
