import { type RefObject, useEffect } from "react";

/** How a popup was dismissed: Escape (focus may have to go back to its button) or a press outside it. */
export type Dismissal = "escape" | "outside";

/**
 * While `open`, closes a popup (menu, panel) on a pointer press outside `container` and on Escape anywhere
 * (unless something handled that Escape and said so with preventDefault).
 * One behaviour for every menu on the site (header panels, share menu, player menus).
 */
export function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, close: (how: Dismissal) => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) close("outside");
    };
    const onKey = (event: KeyboardEvent) => {
      // An Escape a control inside already used (the search combobox closing its list) is not the panel's.
      if (event.key === "Escape" && !event.defaultPrevented) close("escape");
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, container, close]);
}

/**
 * When focus is inside a popup about to close (Escape), puts it on the button that opened it (the expanded one
 * whose `aria-controls` names the popup), instead of losing it to the page's start with the popup's elements.
 */
export function focusOpenerOf(root: HTMLElement | null): void {
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
