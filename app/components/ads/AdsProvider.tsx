import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { afterLoadAndIdle } from "~/lib/after-load";
import type { AdConfiguration } from "~core/ad-units";

/**
 * The ad context (docs/product.md "Ad slots"): the banner configuration, kept live over Server-Sent Events, the
 * global visibility flag (initially visible: toggle, hide, show), the ad network's script pattern, and
 * the last error of the ad feed or of a console change (docs/product.md "Ad slots": stored in the ad context).
 */
export interface AdsContextValue {
  config: AdConfiguration;
  /** AD_SCRIPT_URL, or null when no ad network is configured (active slots show the fallback banner). */
  scriptUrl: string | null;
  visible: boolean;
  toggleAds: () => void;
  hideAds: () => void;
  showAds: () => void;
  error: string | null;
  setError: (message: string | null) => void;
  /** Whether the live feed has delivered the current state (tests and the console read it). */
  live: boolean;
}

const AdsContext = createContext<AdsContextValue | null>(null);

export function AdsProvider({
  initialConfig,
  scriptUrl,
  children,
}: {
  initialConfig: AdConfiguration;
  scriptUrl: string | null;
  children: React.ReactNode;
}) {
  const [config, setConfig] = useState(initialConfig);
  const [visible, setVisible] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let disconnect: (() => void) | undefined;
    let cancelled = false;
    const cancelWait = afterLoadAndIdle(() => {
      import("./live-ad-units")
        .then(({ connectLiveAdUnits }) => {
          if (cancelled) return;
          disconnect = connectLiveAdUnits({
            onConfiguration: (next) => {
              // A transition: the slots' render yields to the browser (its first message repeats the page's
              // configuration, right after the page has loaded).
              startTransition(() => {
                setConfig(next);
                setLive(true);
              });
              // A plain marker that the page follows changes live (tests wait for it).
              document.documentElement.dataset.adsLive = "true";
            },
            onError: (message) => {
              setError(message);
              if (message) {
                setLive(false);
                delete document.documentElement.dataset.adsLive;
              }
            },
          });
        })
        .catch(() => setError("Could not start live ad updates."));
    });
    return () => {
      cancelled = true;
      cancelWait();
      disconnect?.();
    };
  }, []);

  const toggleAds = useCallback(() => setVisible((v) => !v), []);
  const hideAds = useCallback(() => setVisible(false), []);
  const showAds = useCallback(() => setVisible(true), []);
  const value = useMemo<AdsContextValue>(
    () => ({ config, scriptUrl, visible, toggleAds, hideAds, showAds, error, setError, live }),
    [config, scriptUrl, visible, toggleAds, hideAds, showAds, error, live],
  );
  return <AdsContext.Provider value={value}>{children}</AdsContext.Provider>;
}

/** The ad context; like the original's useAuth, using it outside its provider is a programming error (docs/product.md "Ad slots"). */
export function useAds(): AdsContextValue {
  const value = useContext(AdsContext);
  if (!value) throw new Error("useAds must be used within an AdsProvider");
  return value;
}
