// Process entry: serves the built app (or Vite in --dev), after the database and demo content are ready.
import express from "express";

const DEV = process.argv.includes("--dev");
if (!process.env.NODE_ENV) process.env.NODE_ENV = DEV ? "development" : "production";
const PORT = Number.parseInt(process.env.PORT ?? "3000", 10);
const HOST = process.env.HOST ?? "0.0.0.0";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

const server = express();
server.disable("x-powered-by");
let shutdown;

if (DEV) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const mod = await vite.ssrLoadModule("./server/app.ts");
  shutdown = await mod.boot();
  server.use(vite.middlewares);
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      fresh.app(req, res, next);
    } catch (err) {
      if (err instanceof Error) vite.ssrFixStacktrace(err);
      next(err);
    }
  });
} else {
  const path = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const mod = await import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href);
  shutdown = await mod.boot();
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  // Root files (favicon, default social image): only paths with an extension can be files, so page
  // requests skip the file-system lookup.
  const rootFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false });
  server.use((req, res, next) => (path.extname(req.path) ? rootFiles(req, res, next) : next()));
  server.use(mod.app);
}

const listener = server.listen(PORT, HOST, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  console.log(JSON.stringify({ level: 30, msg: `Pleazure is listening on http://localhost:${port}`, port }));
});

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    listener.close();
    listener.closeAllConnections?.();
    try {
      await shutdown?.();
    } finally {
      process.exit(0);
    }
  });
}
