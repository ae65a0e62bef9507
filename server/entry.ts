/**
 * The server bundle's entry (vite.config.ts): route modules, services and the pool share one module
 * graph. server.js picks the role: primary (database + supervision), worker (HTTP) or jobs worker (the
 * transcode queue) in production, one process under Vite in development; `--worker` (npm run worker) runs
 * the job queue alone, without the app (docs/decisions/0023-separate-worker.md).
 */
export { env } from "./env";
export { createApp } from "./http/app";
export { runJobsWorker } from "./runtime/jobs-worker";
export { runPrimary } from "./runtime/primary";
export { bootSingleProcess } from "./runtime/single";
export { runStandaloneWorker, workerStartupProblems } from "./runtime/standalone-worker";
export { startupProblems } from "./runtime/startup-check";
export { runWorker } from "./runtime/worker";
