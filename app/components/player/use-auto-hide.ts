import { useCallback, useEffect, useRef, useState } from "react";

/** docs/product.md "Player": controls hide 3 s after playback starts. */
export const CONTROLS_HIDE_MS = 3000;

/**
 * Controls visibility: always shown while `canHide` is false (paused, a menu open, an error); otherwise hidden
 * CONTROLS_HIDE_MS after the last `reveal()` (mouse movement, touch, focus, a key press).
 */
export function useAutoHide(canHide: boolean): { visible: boolean; reveal: () => void; hide: () => void } {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const canHideRef = useRef(canHide);
  canHideRef.current = canHide;

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    if (canHideRef.current) timer.current = setTimeout(() => setVisible(false), CONTROLS_HIDE_MS);
  }, []);

  const reveal = useCallback(() => {
    setVisible(true);
    schedule();
  }, [schedule]);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    if (canHideRef.current) setVisible(false);
  }, []);

  useEffect(() => {
    if (!canHide) {
      clearTimeout(timer.current);
      setVisible(true);
    } else schedule();
    return () => clearTimeout(timer.current);
  }, [canHide, schedule]);

  return { visible, reveal, hide };
}
