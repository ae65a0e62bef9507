import crypto from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import net from "node:net";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { sql } from "kysely";
import { paths } from "../../core/paths";
import { instanceMetrics } from "../cluster/cluster-metrics";
import { httpDuration, httpRequests, METRICS_CONTENT_TYPE, pageCacheAnswers } from "../cluster/metrics";
import { instanceProcessMetrics } from "../cluster/process-metrics";
import { databaseAvailable } from "../db/availability";
import { getDb } from "../db/connection";
import { MIGRATION_NAMES } from "../db/migrate";
import { isDatabaseBusyError } from "../db/pool-gate";
import { env } from "../env";
import { logger } from "../logger";
import { AUTH_BASE_PATH } from "./auth-routes";
import { startResponse } from "./headers";
import { drainStarted } from "./http-server";
import { PAGE_CACHE_HEADER } from "./page-cache-store";
import { ROUTE_LOCAL, type RouteMatch } from "./route-table";

/**
 * The operations endpoints (docs/operations.md, docs/decisions/0022), answered on the raw request before
 * page-cache hits and Express (listener.ts): no route matching, no database-down 503, no page cache.
 * - GET /healthz: 200 "ok" while the process runs, naming the build it runs (X-Build-Id); touches nothing else.
 * - GET /readyz: 200 when the database answers, every migration the code ships is applied and the job queue's
 *   schema exists (the primary creates it at start); 503 with the failed checks otherwise, and from the moment
 *   the worker drains. Whether a job runner is alive is not asked: with JOBS_IN_PROCESS=false the runners are
 *   separate processes, and a web instance stays ready without them (docs/decisions/0023-separate-worker.md).
 * - GET /metrics: the instance's Prometheus metrics, for allowed scrapers only (METRICS_TOKEN, METRICS_ALLOW);
 *   anyone else gets what an unknown path gets (the request goes on to Express).
 * - GET /metrics/processes: the process metrics (memory, heap, event loop, handles) of each process of the instance
 *   apart, labelled by role and pid (cluster/process-metrics.ts), for the same scrapers only.
 * Every other request is measured (count and latency by route pattern) and handed to `serve`.
 */
export const HEALTHZ_PATH = "/healthz";
export const READYZ_PATH = "/readyz";
export const METRICS_PATH = "/metrics";
export const PROCESS_METRICS_PATH = "/metrics/processes";

export interface OperationsOptions {
  readiness?: Readiness;
  /** Whether a request may read the metrics (default: from METRICS_TOKEN and METRICS_ALLOW). */
  metricsAllowed?: (req: IncomingMessage) => boolean;
  metrics?: () => Promise<string>;
  /** Which build this process runs (default: BUILD_DIR/.source-hash, read once; null without one, as in development). */
  buildId?: () => string | null;
  processMetrics?: () => Promise<string>;
}

/**
 * /healthz's header naming the build: `npm run build` writes the sources' fingerprint to BUILD_DIR/.source-hash
 * (scripts/source-hash.js), so during a rolling upgrade an operator (and tests/e2e/rolling-upgrade.spec.ts) can
 * tell which instances run the new release by comparing it with the new folder's file.
 */
export const BUILD_ID_HEADER = "X-Build-Id";

let builtFrom: string | null | undefined;
function buildStamp(): string | null {
  if (builtFrom === undefined) {
    try {
      builtFrom = fs.readFileSync(path.resolve(env().BUILD_DIR, ".source-hash"), "utf8").trim() || null;
    } catch {
      builtFrom = null;
    }
  }
  return builtFrom;
}

/**
 * `serve` answers everything else; when it answered a page-cache hit itself (early-hits.ts), whose headers went
 * out in one writeHead and so cannot be read back from the response, it returns the page's route pattern, else null.
 */
export function withOperations(
  serve: (req: IncomingMessage, res: ServerResponse) => string | null,
  opts: OperationsOptions = {},
): RequestListener {
  const readiness = opts.readiness ?? new Readiness();
  const metricsAllowed = opts.metricsAllowed ?? metricsAccess(env());
  const metrics = opts.metrics ?? instanceMetrics;
  const buildId = opts.buildId ?? buildStamp;
  const processMetrics = opts.processMetrics ?? instanceProcessMetrics;
  return (req, res) => {
    const method = req.method;
    if (method === "GET" || method === "HEAD") {
      const url = req.url ?? "";
      const query = url.indexOf("?");
      const target = query < 0 ? url : url.slice(0, query);
      if (target === HEALTHZ_PATH) {
        const id = buildId();
        return send(req, res, 200, "text/plain; charset=utf-8", "ok\n", id ? { [BUILD_ID_HEADER]: id } : {});
      }
      if (target === READYZ_PATH) return void answerReadiness(req, res, readiness);
      if (target === METRICS_PATH && metricsAllowed(req)) return void answerMetrics(req, res, metrics);
      if (target === PROCESS_METRICS_PATH && metricsAllowed(req)) return void answerMetrics(req, res, processMetrics);
    }
    const started = performance.now();
    const hit = serve(req, res);
    // A hit before Express is written whole by then: counted at once, with the labels its page was kept under.
    if (hit !== null) return observeHit(hit, method, started);
    // Anything else is counted when it ends. A response never emits "close" synchronously (Node emits it on a
    // later tick, after "finish" or the socket's close), so listening after `serve` misses none.
    res.once("close", () => observe(req, res, started));
  };
}

async function answerReadiness(req: IncomingMessage, res: ServerResponse, readiness: Readiness): Promise<void> {
  const result = await readiness.check();
  send(req, res, result.ready ? 200 : 503, "application/json", `${JSON.stringify(result)}\n`);
}

async function answerMetrics(req: IncomingMessage, res: ServerResponse, metrics: () => Promise<string>): Promise<void> {
  try {
    send(req, res, 200, METRICS_CONTENT_TYPE, await metrics());
  } catch (err) {
    logger.warn({ err }, "metrics: could not collect the instance's metrics");
    send(req, res, 503, "text/plain; charset=utf-8", "metrics unavailable\n");
  }
}

/** Nothing here is a page: no script, no frame, never stored by a cache. */
const OPERATIONS_CSP = "default-src 'none'; frame-ancestors 'none'";

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed) return; // a probe that gave up while the check ran
  startResponse(req, res, { secure: (req.socket as TLSSocket).encrypted === true, contentSecurityPolicy: OPERATIONS_CSP });
  res.writeHead(status, { ...headers, "Content-Type": type, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
}

// --- readiness ---

export interface ReadinessResult {
  ready: boolean;
  /** What failed: draining, database, migrations, queue. */
  failed: string[];
  /** Migrations the code ships that the database has not applied. */
  missingMigrations?: string[];
}

export interface ReadinessOptions {
  /** A result is reused this long: a flood of probes costs at most one round trip per interval per worker. */
  ttlMs?: number;
  /** A check slower than this answers "database" (the query goes on; the next probe waits for it, not a new one). */
  timeoutMs?: number;
  draining?: () => boolean;
  /** The migrations this code ships. */
  migrations?: readonly string[];
}

/** Whether this worker should get traffic: the database, the schema and the queue it needs, and not stopping. */
export class Readiness {
  private last: { at: number; result: ReadinessResult } | undefined;
  private running: Promise<ReadinessResult> | undefined;
  private readonly ttlMs: number;
  private readonly timeoutMs: number;
  private readonly draining: () => boolean;
  private readonly migrations: readonly string[];

  constructor(opts: ReadinessOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 1_000;
    this.timeoutMs = opts.timeoutMs ?? 1_000;
    this.draining = opts.draining ?? drainStarted;
    this.migrations = opts.migrations ?? MIGRATION_NAMES;
  }

  async check(): Promise<ReadinessResult> {
    // Neither costs a round trip: a stopping worker and a database known down answer at once.
    if (this.draining()) return { ready: false, failed: ["draining"] };
    if (!databaseAvailable()) return { ready: false, failed: ["database"] };
    if (this.last && performance.now() - this.last.at < this.ttlMs) return this.last.result;
    // One query at a time: probes arriving while it runs wait for it rather than start their own.
    this.running ??= this.query().finally(() => {
      this.running = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<ReadinessResult>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, failed: ["database"] }), this.timeoutMs);
    });
    return Promise.race([this.running, timedOut]).finally(() => clearTimeout(timer));
  }

  private async query(): Promise<ReadinessResult> {
    let result: ReadinessResult;
    try {
      // One round trip: it answers (the database), which migrations it has, and whether the queue's schema exists.
      const { rows } = await sql<{ applied: string[]; queue: boolean }>`
        SELECT ARRAY(SELECT name FROM kysely_migration) AS applied,
          to_regclass('graphile_worker.jobs') IS NOT NULL AS queue`.execute(getDb());
      const applied = new Set(rows[0]?.applied ?? []);
      const missing = this.migrations.filter((name) => !applied.has(name));
      const failed = [...(missing.length ? ["migrations"] : []), ...(rows[0]?.queue ? [] : ["queue"])];
      result = { ready: failed.length === 0, failed, ...(missing.length ? { missingMigrations: missing } : {}) };
    } catch (err) {
      // Every connection busy with requests means the database answers: the last answer on the rest stands.
      if (isDatabaseBusyError(err) && this.last?.result.ready) return this.last.result;
      // A database without the migrations table has none of them applied.
      if ((err as { code?: string }).code === "42P01") {
        result = { ready: false, failed: ["migrations"], missingMigrations: [...this.migrations] };
      } else {
        result = { ready: false, failed: ["database"] };
      }
    }
    this.last = { at: performance.now(), result };
    return result;
  }
}

// --- metrics access ---

/** Loopback peers, IPv4-mapped included. */
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/**
 * Who may read /metrics: the peer's address must be allowed (METRICS_ALLOW; default loopback, or any address
 * when a token is set), and the token presented when METRICS_TOKEN is set. A request that came through a proxy
 * is never loopback: nginx on the same machine would otherwise hand every visitor a loopback peer.
 */
export function metricsAccess(settings: { METRICS_TOKEN?: string; METRICS_ALLOW?: string[] }): (req: IncomingMessage) => boolean {
  const token = settings.METRICS_TOKEN;
  const rules = settings.METRICS_ALLOW ?? [token ? "any" : "loopback"];
  if (rules.includes("none")) return () => false;
  const any = rules.includes("any");
  const loopback = rules.includes("loopback");
  const listed = new net.BlockList();
  for (const rule of rules) {
    if (rule === "any" || rule === "loopback") continue;
    const [address = "", prefix] = rule.split("/");
    const family = net.isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) listed.addAddress(address, family);
    else listed.addSubnet(address, Number(prefix), family);
  }
  const expected = token ? digest(token) : undefined;
  return (req) => {
    if (expected) {
      const header = req.headers.authorization ?? "";
      const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
      if (!crypto.timingSafeEqual(digest(given), expected)) return false;
    }
    if (any) return true;
    const peer = peerAddress(req);
    if (!peer) return false;
    if (loopback && !proxied(req) && LOOPBACK.check(peer.address, peer.family)) return true;
    return listed.check(peer.address, peer.family);
  };
}

/** Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte. */
function digest(value: string): Buffer {
  return crypto.createHash("sha256").update(value).digest();
}

function proxied(req: IncomingMessage): boolean {
  const h = req.headers;
  return h["x-forwarded-for"] !== undefined || h.forwarded !== undefined || h["x-real-ip"] !== undefined;
}

/** The socket's peer, an IPv4-mapped IPv6 address read as the IPv4 one. */
function peerAddress(req: IncomingMessage): { address: string; family: "ipv4" | "ipv6" } | null {
  const raw = req.socket.remoteAddress;
  if (!raw) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (mapped?.[1]) return { address: mapped[1], family: "ipv4" };
  return { address: raw, family: net.isIP(raw) === 6 ? "ipv6" : "ipv4" };
}

// --- request metrics ---

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Express-only mounts that are not React Router routes (http/app.ts), by fixed label. */
function mountLabel(target: string): string | null {
  if (target.startsWith("/media/")) return "media";
  if (target.startsWith("/assets/")) return "static";
  const adEvents = paths.api.adEvents();
  const uploads = paths.admin.uploads();
  if (target === adEvents) return adEvents;
  if (target === uploads || target.startsWith(`${uploads}/`)) return uploads;
  if (target.startsWith(`${AUTH_BASE_PATH}/`)) return `${AUTH_BASE_PATH}/*`;
  return null;
}

/**
 * The route label of an answered request: the matched route's pattern (`/video/:videoId`), a fixed name for
 * what no route answers (media, static, the live feed, uploads, the OAuth return), else "unmatched" (the
 * catch-all's 404 page, refused /metrics, unreadable URLs). Never the raw URL.
 */
export function routeLabel(req: IncomingMessage, res: ServerResponse): string {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const target = query < 0 ? url : url.slice(0, query);
  const mount = mountLabel(target);
  if (mount) return mount;
  const route = (res as { locals?: Record<string, unknown> }).locals?.[ROUTE_LOCAL] as RouteMatch | null | undefined;
  if (route && route.pattern !== "/*") return route.pattern;
  // Root build files (favicon, social image) are the only other answers with an extension.
  if (res.statusCode < 400 && path.posix.extname(target) !== "") return "static";
  return "unmatched";
}

function observe(req: IncomingMessage, res: ServerResponse, started: number): void {
  const labels = {
    route: routeLabel(req, res),
    method: METHODS.has(req.method ?? "") ? (req.method as string) : "other",
    status: `${Math.floor(res.statusCode / 100)}xx`,
  };
  httpRequests.inc(labels);
  httpDuration.observe(labels, (performance.now() - started) / 1000);
  const cache = res.getHeader(PAGE_CACHE_HEADER);
  if (cache === "hit" || cache === "miss" || cache === "bypass") pageCacheAnswers.inc(CACHE_LABELS[cache]);
}

const CACHE_LABELS = { hit: { result: "hit" }, miss: { result: "miss" }, bypass: { result: "bypass" } } as const;

/**
 * The label sets of hits before Express, by route and method, made once: hits are most requests under load, and
 * their count and duration are then two lookups instead of a route match, three new objects and a header read.
 */
const hitLabels = new Map<string, { route: string; method: string; status: "2xx" }>();

function observeHit(route: string, method: string | undefined, started: number): void {
  const key = method === "HEAD" ? `HEAD ${route}` : route; // early hits are GET or HEAD only
  let labels = hitLabels.get(key);
  if (!labels) {
    labels = { route, method: method === "HEAD" ? "HEAD" : "GET", status: "2xx" };
    hitLabels.set(key, labels);
  }
  httpRequests.inc(labels);
  httpDuration.observe(labels, (performance.now() - started) / 1000);
  pageCacheAnswers.inc(CACHE_LABELS.hit);
}
