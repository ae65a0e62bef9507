import type { KeyboardEvent } from "react";

/** The items of a menu (role="menuitem"), in document order. */
export function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
}

/**
 * Arrow keys, Home and End move focus between a menu's items (wrapping around), as in the WAI-ARIA menu
 * pattern. Returns whether the key was one of them (and handled).
 */
export function moveMenuFocus(event: KeyboardEvent, menu: HTMLElement | null): boolean {
  const items = menuItems(menu);
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
  if (next === undefined) return false;
  event.preventDefault();
  items[(next + items.length) % items.length]?.focus();
  return true;
}
