import { readAdConfiguration } from "~core/ad-configuration-message";
import { AD_STATE_EVENT, type AdConfiguration } from "~core/ad-units";
import { paths } from "~core/paths";

/**
 * The browser end of the live ad feed, loaded on its own after the page (the first render does not need it).
 * EventSource reconnects by itself after a dropped connection; when the server refuses a connection (503 while it
 * restarts, 429 when this address holds too many streams) EventSource gives up, so this reconnects itself with a
 * growing, jittered delay. EventSource cannot see why it was refused: a HEAD request asks, and a 429's Retry-After
 * is waited out in full (the slot frees only when another page of this address closes), instead of retrying every
 * few seconds into the same refusal.
 * Every (re)connection starts with the full configuration: that is the resynchronisation.
 */
export interface LiveAdUnitsHandlers {
  onConfiguration: (config: AdConfiguration) => void;
  /** A readable problem, or null once the feed works again. */
  onError: (message: string | null) => void;
}

const MAX_RETRY_MS = 30_000;
/** The longest Retry-After honoured (a misconfigured proxy must not silence the feed for hours). */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** How long the server asks this address to wait before it may open another stream; 0 when it does not. */
async function refusalDelayMs(): Promise<number> {
  try {
    const res = await fetch(paths.api.adEvents(), { method: "HEAD", cache: "no-store" });
    if (res.status !== 429) return 0;
    const seconds = Number(res.headers.get("Retry-After"));
    return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : MAX_RETRY_MS;
  } catch {
    return 0; // unreachable: the usual backoff
  }
}

/** Spreads the reconnections of many pages (after a restart, or a 429) over ±20 % of the delay. */
function jittered(ms: number): number {
  return Math.round(ms * (0.8 + Math.random() * 0.4));
}

export function connectLiveAdUnits(handlers: LiveAdUnitsHandlers): () => void {
  let source: EventSource | undefined;
  let retryMs = 1_000;
  let timer: number | undefined;
  let stopped = false;

  const open = () => {
    source = new EventSource(paths.api.adEvents());
    source.addEventListener(AD_STATE_EVENT, (event) => {
      const config = readAdConfiguration((event as MessageEvent<string>).data);
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
        const backoff = retryMs;
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        void refusalDelayMs().then((asked) => {
          if (!stopped) timer = window.setTimeout(open, jittered(Math.max(backoff, asked)));
        });
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
