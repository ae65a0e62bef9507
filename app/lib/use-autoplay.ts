import { startTransition, useEffect, useState } from "react";
import { type AutoplayChoice, autoplayCookie, autoplayOn, countsDown, readAutoplayCookie } from "~core/autoplay";
import { paths } from "~core/paths";
import { afterLoadAndIdle } from "./after-load";
import { usePrefersReducedMotion } from "./use-reduced-motion";
import { useViewer, useViewerPage } from "./viewer-state";

export interface Autoplay {
  /** The switch's position. */
  on: boolean;
  /** Whether this video's end counts down to the next one (core/autoplay.ts: never a first visit's first video). */
  countsDown: boolean;
  /** The viewer flipped the switch: this browser's cookie, and the account for a signed-in user. */
  set: (on: boolean) => void;
  /** A video ended: from now on this browser has a setting (the default, unless one was chosen). */
  ended: () => void;
}

const secure = () => window.location.protocol === "https:";

/**
 * The viewer's autoplay setting on the video page. The cookie (once the page is idle) and the reduced-motion
 * preference are read after hydration (the page is the same cached HTML for everyone), the account's choice comes
 * with /api/viewer-state; until then the switch shows the default and nothing counts down.
 */
export function useAutoplay(): Autoplay {
  const { mode } = useViewer();
  const page = useViewerPage();
  const [browser, setBrowser] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [read, setRead] = useState(false);
  // A flip made on this page, ahead of the account's answer coming back with the next viewer-state.
  const [flipped, setFlipped] = useState<boolean | null>(null);
  useEffect(
    () =>
      // Once the page is idle, as a transition (app/lib/use-hydrated.ts): reading document.cookie asks the browser
      // synchronously, 10 ms of a phone's hydration (docs/benchmarks.md "Issue 35: storage and cookies read when
      // idle"), and the setting matters only when the video ends.
      afterLoadAndIdle(() =>
        startTransition(() => {
          setBrowser(readAutoplayCookie(document.cookie));
          setRead(true);
        }),
      ),
    [],
  );

  const account = flipped ?? (mode === "signed-in" ? (page?.autoplay ?? null) : null);
  const choice: AutoplayChoice = { account, browser, reducedMotion };
  const remember = (on: boolean) => {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party flag; cookieStore is not in every browser
    document.cookie = autoplayCookie(on, secure());
    setBrowser(on);
  };
  return {
    on: autoplayOn(choice),
    // Not before the cookie was read, nor (signed in) before the account's choice is known.
    countsDown: read && mode !== "shell" && (mode === "visitor" || page !== null || flipped !== null) && countsDown(choice),
    set: (on) => {
      remember(on);
      if (mode !== "visitor") {
        setFlipped(on);
        // Kept in the cookie whatever happens: a failed save only means other browsers don't learn it.
        fetch(paths.api.autoplay(), { method: "POST", body: new URLSearchParams({ autoplay: on ? "on" : "off" }) }).catch(() => {});
      }
    },
    ended: () => {
      if (browser === null) remember(autoplayOn(choice));
    },
  };
}
