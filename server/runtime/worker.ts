import type { Socket } from "node:net";
import path from "node:path";
import { handleMetricsMessage } from "../cluster/cluster-metrics";
import { startMetrics } from "../cluster/metrics";
import { answerOwnMetricsRequest, handleProcessMetricsMessage } from "../cluster/process-metrics";
import { type PrimaryMessage, takeOverSignals, type WorkerMessage } from "../cluster/signals";
import { handleSyncMessage } from "../cluster/worker-sync";
import { markDatabaseAvailable, markDatabaseUnavailable } from "../db/availability";
import { env } from "../env";
import { closeAdEventStreams } from "../http/ad-events";
import { gracefulServer } from "../http/http-server";
import { createRequestListener } from "../http/listener";
import { logger } from "../logger";
import { attachDatabase } from "./attach-database";
import { httpLimits } from "./connection-limits";

/** Requests still running this long after a stop signal are cut, so a stop never hangs. */
const DRAIN_DEADLINE_MS = 8_000;

/**
 * One worker process: its own pool to the database the primary prepared (DATABASE_URL), the HTTP layer
 * for the connections the primary hands over (connections.ts), and a graceful stop on the primary's word.
 */
export async function runWorker(): Promise<void> {
  takeOverSignals();
  startMetrics();
  const e = env();
  if (!e.DATABASE_URL) throw new Error("a worker needs DATABASE_URL from its primary");
  const detachDatabase = await attachDatabase(e.DATABASE_URL, { statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS, role: "web" });

  const listener = createRequestListener({ clientDir: path.resolve(e.BUILD_DIR, "client") });
  const { accept, drain } = gracefulServer(listener, httpLimits());

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const drained = drain(DRAIN_DEADLINE_MS);
    // Live streams never finish on their own: end them so the drain waits only for real requests.
    closeAdEventStreams();
    await drained;
    await detachDatabase();
    process.exit(0);
  };
  // A signal to this worker alone (Ctrl+C signals the primary too): the primary stops sending connections
  // and answers "shutdown" after those already sent, so none is lost.
  const leave = () => (process.connected ? process.send?.({ type: "leaving" } satisfies WorkerMessage) : void stop());
  process.on("SIGTERM", leave);
  process.on("SIGINT", leave);
  process.on("message", (message: PrimaryMessage, socket?: Socket) => {
    if (message?.type === "connection" && socket) accept(socket);
    if (message?.type === "shutdown") void stop();
    if (message?.type === "database-down") markDatabaseUnavailable("the embedded PostgreSQL server stopped");
    if (message?.type === "database-up") markDatabaseAvailable();
    handleSyncMessage(message);
    handleMetricsMessage(message);
    handleProcessMetricsMessage(message);
    answerOwnMetricsRequest(message, "web");
  });
  // The primary going away (killed) must not leave an orphan serving alone.
  process.on("disconnect", () => void stop());
  process.on("uncaughtException", (err) => {
    logger.fatal({ err }, "uncaught exception in a worker; it exits and the primary replaces it");
    process.exit(1);
  });
  process.send?.({ type: "serving" } satisfies WorkerMessage);
}
