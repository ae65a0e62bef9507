import { AD_EVENTS_PATH, AD_STATE_EVENT, type AdConfiguration } from "~/lib/ad-units";
import { parseAdConfiguration } from "~/lib/ad-units-schema";

/**
 * The browser end of the live ad feed, loaded on its own after the page (it brings zod along, which the
 * first render does not need). EventSource reconnects by itself after a dropped connection; when the
 * server refuses a connection (503 while it restarts) EventSource gives up, so this reconnects itself with
 * a growing delay. Every (re)connection starts with the full configuration: that is the resynchronisation.
 */
export interface LiveAdUnitsHandlers {
  onConfiguration: (config: AdConfiguration) => void;
  /** A readable problem, or null once the feed works again. */
  onError: (message: string | null) => void;
}

const MAX_RETRY_MS = 30_000;

export function connectLiveAdUnits(handlers: LiveAdUnitsHandlers): () => void {
  let source: EventSource | undefined;
  let retryMs = 1_000;
  let timer: number | undefined;
  let stopped = false;

  const open = () => {
    source = new EventSource(AD_EVENTS_PATH);
    source.addEventListener(AD_STATE_EVENT, (event) => {
      const config = parseAdConfiguration((event as MessageEvent<string>).data);
      if (!config) {
        handlers.onError("Received unreadable ad settings from the server.");
        return;
      }
      retryMs = 1_000;
      handlers.onConfiguration(config);
      handlers.onError(null);
    });
    source.addEventListener("error", () => {
      handlers.onError("Lost the live connection for ad updates; reconnecting.");
      if (source?.readyState === EventSource.CLOSED && !stopped) {
        source = undefined;
        timer = window.setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
    });
  };
  open();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    source?.close();
  };
}
