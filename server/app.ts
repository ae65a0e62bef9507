import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { site } from "../app/lib/site";
import { openDatabase, setDatabase } from "./db/connection";
import { dataDir, env } from "./env";
import { inputBoundary } from "./http/input-boundary";
import { logger } from "./logger";
import { requestInfoContext } from "./request-context";
import { ensureDemoContent } from "./seed/demo-content";
import { listContactMessagesByEmail } from "./services/contact";
import { activeFaults, setFaults, testHooksEnabled } from "./test-hooks";

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env().TRUST_PROXY === "false" ? false : env().TRUST_PROXY);

/**
 * Scripts only from our origin or carrying this response's nonce. Ad-network hosts are added here
 * explicitly when the ads issue lands. Styles allow inline attributes (React style props).
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://www.google.com",
    "frame-ancestors 'self'",
  ].join("; ");
}

// Request id, access log and the headers every response carries.
app.use((req, res, next) => {
  const requestId = (req.get("x-request-id") ?? "").slice(0, 64) || crypto.randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  res.setHeader("Rating", site.rtaLabel);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.debug({ requestId, method: req.method, url: req.originalUrl, status: res.statusCode, ms }, "request");
  });
  next();
});

app.use(inputBoundary()); // unreadable URLs answer 400 before anything else sees them

// Media (HLS playlists, segments, posters): immutable, range requests handled by express.static.
app.use(
  "/media",
  express.static(path.join(dataDir(), "media"), {
    immutable: true,
    maxAge: "365d",
    fallthrough: false,
    setHeaders: (res, file) => {
      if (file.endsWith(".m3u8")) res.setHeader("Content-Type", "application/vnd.apple.mpegurl");
      if (file.endsWith(".ts")) res.setHeader("Content-Type", "video/mp2t");
    },
  }),
);

if (testHooksEnabled()) {
  app.post("/__test/faults", express.json(), (req, res) => {
    const names = Array.isArray(req.body?.faults) ? req.body.faults.map(String) : [];
    setFaults(names);
    res.json({ faults: activeFaults() });
  });
  // Lets e2e tests check what the contact form really stored (IP, user agent).
  app.get("/__test/contact-messages", async (req, res, next) => {
    try {
      res.json({ messages: await listContactMessagesByEmail(String(req.query.email ?? "")) });
    } catch (err) {
      next(err);
    }
  });
}

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req, res) => {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, {
        requestId: String(res.locals.requestId),
        clientIp: req.ip ?? null,
        userAgent: req.get("user-agent") ?? null,
        nonce: String(res.locals.nonce),
      });
      return context;
    },
  }),
);

/** Opens the database, applies migrations and makes sure demo content exists. Returns a shutdown function. */
export async function boot(): Promise<() => Promise<void>> {
  const e = env();
  const handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: dataDir() });
  setDatabase(handle);
  await ensureDemoContent(handle.db, {
    dataDir: dataDir(),
    media: e.DEMO_MEDIA,
    mediaCache: e.DEMO_MEDIA_CACHE,
    log: (m) => logger.info(m),
  });
  return async () => {
    setDatabase(undefined);
    await handle.close();
  };
}
