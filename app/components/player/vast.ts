import { VASTClient, VASTTracker } from "@dailymotion/vast-client";
import { type AdMediaFile, isHttpUrl, pickMediaFile, VAST_ERROR } from "./ad-media";

/**
 * A VAST 3/4 pre-roll through @dailymotion/vast-client: the tag and its wrappers fetched under one
 * deadline, a playable media file chosen, and every tracking ping sent by the library's VASTTracker.
 * Imported dynamically by PreRoll only when a VAST pre-roll is configured, so the library weighs on no
 * other page.
 */

export interface VastAd {
  mediaUrl: string;
  /** Seconds after which the ad may be skipped (the creative's skipoffset), or null when it sets none. */
  skipOffsetSeconds: number | null;
  /** Where the ad links to (http(s) only), or null. */
  clickThrough: string | null;
  /** Tracking calls, each safe to call more than once where VAST says once. */
  track: AdTracking;
}

export interface AdTracking {
  impression(): void;
  progress(seconds: number): void;
  complete(): void;
  skip(): void;
  click(): void;
  muted(muted: boolean): void;
  paused(paused: boolean): void;
  error(code: number): void;
}

export type VastResult = { ok: true; ad: VastAd } | { ok: false; reason: "timeout" | "no-ad" | "failed" | "no-media" };

interface LinearCreative {
  type: string;
  mediaFiles: AdMediaFile[];
  skipDelay: number | null;
  videoClickThroughURLTemplate: { url?: string } | string | null;
}

/**
 * Fetches `tagUrl` (following wrappers) and resolves with the ad to play, or why there is none. Never takes
 * longer than `timeoutMs` in all: a slow ad server must not hold the visitor's video.
 */
export async function loadVastAd(
  tagUrl: string,
  opts: { timeoutMs: number; playerWidth: number; canPlay: (mime: string) => boolean },
): Promise<VastResult> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), opts.timeoutMs);
  const client = new VASTClient();
  try {
    const response = await client.get(tagUrl, {
      timeout: opts.timeoutMs,
      wrapperLimit: 5,
      resolveAll: false,
      urlHandler: deadlineFetcher(deadline.signal),
    });
    if (deadline.signal.aborted) return { ok: false, reason: "timeout" };
    for (const ad of response.ads ?? []) {
      const creative = (ad.creatives ?? []).find((c: LinearCreative) => c.type === "linear") as LinearCreative | undefined;
      if (!creative) continue;
      const tracker = new VASTTracker(client, ad, creative);
      const media = pickMediaFile(creative.mediaFiles ?? [], opts.canPlay, opts.playerWidth);
      if (!media) {
        tracker.error({ ERRORCODE: String(VAST_ERROR.unsupportedMedia) });
        return { ok: false, reason: "no-media" };
      }
      const template = creative.videoClickThroughURLTemplate;
      const clickThrough = (typeof template === "string" ? template : template?.url)?.trim();
      return {
        ok: true,
        ad: {
          mediaUrl: media.fileURL.trim(),
          skipOffsetSeconds: typeof creative.skipDelay === "number" && creative.skipDelay >= 0 ? creative.skipDelay : null,
          clickThrough: isHttpUrl(clickThrough) ? clickThrough : null,
          track: tracking(tracker),
        },
      };
    }
    // vast-client has already pinged the document's <Error> URLs with 303 (no ad).
    return { ok: false, reason: "no-ad" };
  } catch {
    return { ok: false, reason: deadline.signal.aborted ? "timeout" : "failed" };
  } finally {
    clearTimeout(timer);
  }
}

function tracking(tracker: VASTTracker): AdTracking {
  let impressed = false;
  let ended = false;
  return {
    impression: () => {
      if (impressed) return;
      impressed = true;
      tracker.trackImpression();
    },
    progress: (seconds) => tracker.setProgress(seconds),
    complete: () => {
      if (ended) return;
      ended = true;
      tracker.complete();
    },
    skip: () => {
      if (ended) return;
      ended = true;
      tracker.skip();
    },
    click: () => tracker.click(),
    muted: (muted) => tracker.setMuted(muted),
    paused: (paused) => tracker.setPaused(paused),
    error: (code) => tracker.error({ ERRORCODE: String(code) }),
  };
}

/**
 * vast-client's own fetcher throws from a timer when a request times out (an uncaught error in the page);
 * this one aborts every request of the chain at the shared deadline and reports it as a failed request.
 */
function deadlineFetcher(signal: AbortSignal) {
  return {
    async get(url: string) {
      try {
        const response = await fetch(url, { signal, credentials: "omit" });
        if (!response.ok) return { error: new Error(`VAST request failed (${response.status})`), statusCode: response.status };
        const text = await response.text();
        return {
          xml: new DOMParser().parseFromString(text, "text/xml"),
          details: { byteLength: text.length, statusCode: response.status, rawXml: text },
        };
      } catch (error) {
        return { error: error as Error, statusCode: signal.aborted ? 408 : null };
      }
    },
  };
}
