import type { HlsConfig } from "hls.js";
// hls.js's worker build, emitted by Vite as a hashed file of our own origin (CSP worker-src 'self'): the ESM
// build has no inline worker, and without one transmuxing would run on the main thread.
import hlsWorkerUrl from "hls.js/dist/hls.worker.js?url";

/**
 * Tuned for on-demand playback that starts fast (docs/decisions/0008-player.md):
 * - start on the lowest rung without a bandwidth probe: the first frame needs the least bytes, and ABR climbs
 *   from there after a segment or two;
 * - never fetch a rung taller than the player shows (capLevelToPlayerSize);
 * - no low-latency live machinery for on-demand files;
 * - transmux in a Web Worker (the worker file is served from our origin);
 * - give up on a failing segment after ~3.5 s rather than hls.js's default ~30 s, so the error and its Retry
 *   show while the visitor is still there.
 */
export const HLS_CONFIG: Partial<HlsConfig> = {
  capLevelToPlayerSize: true,
  lowLatencyMode: false,
  startLevel: 0,
  testBandwidth: false,
  // Intent (hover, focus) fetches hls.js and the playlists; segments only once playback is asked for.
  autoStartLoad: false,
  enableWorker: true,
  workerPath: hlsWorkerUrl,
  backBufferLength: 30,
  fragLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 10_000,
      maxLoadTimeMs: 60_000,
      timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 },
      errorRetry: { maxNumRetry: 3, retryDelayMs: 500, maxRetryDelayMs: 2000 },
    },
  },
};
