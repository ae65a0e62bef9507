import { type RefObject, useEffect, useRef } from "react";
import { actionForKey, focusedControlOwnsKey, inShortcutScope, isTypingTarget, type PlayerAction } from "./shortcuts";

/**
 * The keys of docs/product.md "Player" (shortcuts.ts) on the whole document, taken by the player while focus is in it or on the
 * page body (nothing in particular); never while another control of the page has it, while typing, or while
 * `suspended()` says so (a pre-roll shows). A taken key runs `run` and reveals the controls.
 */
export function usePlayerShortcuts(
  container: RefObject<HTMLElement | null>,
  { run, reveal, suspended }: { run: (action: PlayerAction) => void; reveal: () => void; suspended: () => boolean },
): void {
  const latest = useRef({ run, suspended });
  latest.current = { run, suspended };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const el = container.current;
      const target = event.target as HTMLElement | null;
      if (!el || !target || event.defaultPrevented || latest.current.suspended()) return;
      if (!inShortcutScope(target, el, document) || isTypingTarget(target) || focusedControlOwnsKey(target, event.key)) return;
      const action = actionForKey(event);
      if (!action) return;
      event.preventDefault(); // Space would scroll the page, arrows too
      latest.current.run(action);
      reveal();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [container, reveal]);
}
