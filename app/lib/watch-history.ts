import { paths } from "~core/paths";

/**
 * The browser side of watch history (docs/product.md "Accounts"): the player's position goes to the server at most
 * every 10 s while playing, and at once on pause and when the page goes away, so the resume offer is at
 * most a few seconds behind. Positions that did not move are not sent again.
 */

export const HISTORY_INTERVAL_MS = 10_000;

export type HistorySend = (body: URLSearchParams, opts: { leaving: boolean }) => void;

export interface HistoryReporter {
  /** The main video's timeupdate. */
  onPlaybackTime(currentTime: number, duration: number): void;
  /** Pause, seek end, page hidden or left: report the latest position now. */
  flush(opts?: { leaving?: boolean }): void;
}

export function createHistoryReporter({
  videoId,
  send,
  now = () => Date.now(),
}: {
  videoId: string;
  send: HistorySend;
  now?: () => number;
}): HistoryReporter {
  let latest: number | null = null;
  let sent: number | null = null;
  let sentAt = Number.NEGATIVE_INFINITY;
  const report = (leaving: boolean) => {
    if (latest === null || (sent !== null && Math.abs(latest - sent) < 1)) return;
    sent = latest;
    sentAt = now();
    send(new URLSearchParams({ videoId, position: latest.toFixed(1) }), { leaving });
  };
  return {
    onPlaybackTime(currentTime, duration) {
      if (!Number.isFinite(currentTime) || currentTime < 0 || !(duration > 0)) return;
      latest = Math.min(currentTime, duration);
      if (now() - sentAt >= HISTORY_INTERVAL_MS) report(false);
    },
    flush(opts = {}) {
      report(Boolean(opts.leaving));
    },
  };
}

/** Sends a position: sendBeacon when the page is going away (it outlives the page), else a keepalive fetch. */
export const sendHistory: HistorySend = (body, { leaving }) => {
  if (leaving && typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") {
    if (navigator.sendBeacon(paths.api.history(), body)) return;
  }
  fetch(paths.api.history(), { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {
    // History is a convenience: a lost report only makes the resume offer a little older.
  });
};
