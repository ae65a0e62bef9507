import { type RefObject, useEffect, useRef } from "react";
import type { Phase } from "./use-playback";

/**
 * Focus on the ad's controls, which go with the pre-roll, moves to our Play/Pause button once the main video's
 * controls are back. Call the returned `remember` just before the pre-roll ends: it notes whether focus was in
 * the player (or nowhere in particular) at that moment.
 */
export function useFocusAfterPreRoll(container: RefObject<HTMLElement | null>, phase: Phase): () => void {
  const refocus = useRef(false);

  useEffect(() => {
    if (phase !== "main" || !refocus.current) return;
    refocus.current = false;
    container.current?.querySelector<HTMLButtonElement>("[data-testid=player-controls] button")?.focus({ preventScroll: true });
  }, [phase, container]);

  return () => {
    const active = document.activeElement;
    refocus.current = Boolean(container.current?.contains(active)) || active === document.body;
  };
}
