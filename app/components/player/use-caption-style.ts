import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useViewer, useViewerPage } from "~/lib/viewer-state";
import { type CaptionStyle, DEFAULT_CAPTION_STYLE, sameCaptionStyle } from "~core/caption-style";
import { paths } from "~core/paths";
import { type PlayerPreferences, writePreferences } from "./preferences";

/** The account's copy of a change made here: not for visitors; then saving, saved, or refused (this browser keeps it). */
export type AccountSave = "none" | "saving" | "saved" | "failed";

export interface CaptionStyling {
  style: CaptionStyle;
  /** A choice in the dialog: shown at once, kept in this browser, and for a signed-in user sent to the account shortly after. */
  change: (style: CaptionStyle) => void;
  /** The dialog closed: a change still waiting goes to the account now. */
  flush: () => void;
  account: AccountSave;
}

/** Choices made in a quick row (several selects, arrow keys through a list) reach the account as one request. */
const SAVE_AFTER_MS = 600;

/**
 * The viewer's caption style (core/caption-style.ts) on the video page: a change made here, else the account's
 * (signed in; it comes with /api/viewer-state and wins, as autoplay's does), else this browser's, else the default.
 * This browser's copy comes from `stored` (use-stored-preferences.ts: read once the page is idle; the page is the same
 * cached HTML for everyone) and follows the account's, so the next page starts with it before the viewer state answers.
 */
export function useCaptionStyle(stored: PlayerPreferences | null): CaptionStyling {
  const { mode } = useViewer();
  const page = useViewerPage();
  const [browser, setBrowser] = useState<CaptionStyle | null>(null);
  const [changed, setChanged] = useState<CaptionStyle | null>(null);
  const [account, setAccount] = useState<AccountSave>("none");
  const pending = useRef<{ style: CaptionStyle; timer: ReturnType<typeof setTimeout> } | null>(null);
  const fromAccount = mode === "signed-in" ? (page?.captionStyle ?? null) : null;

  useEffect(() => {
    if (stored) startTransition(() => setBrowser(stored.captionStyle)); // as app/lib/use-hydrated.ts
  }, [stored]);
  useEffect(() => {
    if (fromAccount && !changed) writePreferences({ captionStyle: fromAccount });
  }, [fromAccount, changed]);

  // Sends the change waiting, if any (its `change` already said "saving").
  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    const form = new URLSearchParams(Object.entries(waiting.style).map(([field, value]) => [field, String(value)]));
    fetch(paths.api.captionStyle(), { method: "POST", body: form })
      .then((res) => setAccount(res.ok ? "saved" : "failed"))
      .catch(() => setAccount("failed"));
  }, []);

  // A change still waiting when the page goes (another video, a link) is sent on the way out.
  useEffect(() => flush, [flush]);

  const change = useCallback(
    (style: CaptionStyle) => {
      setChanged(style);
      writePreferences({ captionStyle: style });
      if (mode === "visitor") return;
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { style, timer: setTimeout(flush, SAVE_AFTER_MS) };
      setAccount("saving");
    },
    [mode, flush],
  );

  const style = changed ?? fromAccount ?? browser ?? DEFAULT_CAPTION_STYLE;
  return { style, change, flush, account: mode === "visitor" ? "none" : account };
}

/** Whether a style differs from the default (the dialog's Reset is then worth offering). */
export const isCustomStyle = (style: CaptionStyle): boolean => !sameCaptionStyle(style, DEFAULT_CAPTION_STYLE);
