import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { logger } from "../logger";
import { isDatabaseUnavailableError, markDatabaseUnavailable } from "./availability";
import { serverOfRunningApp, startEmbeddedPostgres } from "./embedded";
import { migrateToLatest } from "./migrate";
import { ConnectionGate, type GateLimits } from "./pool-gate";
import type { Database } from "./schema";

/** The embedded server's database (DATABASE_URL names its own). */
export const DATABASE_NAME = "pleazure";

// int8 (counts, views) as JS numbers: view counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
  /** Pool checkouts in use and waiting (pool-gate.ts); absent for a pool made elsewhere (the bench's). */
  poolUsage?: () => { held: number; waiting: number };
}

/**
 * How long and how many checkouts may wait when every connection is in use (pool-gate.ts). The default
 * keeps pg-pool's old behaviour for tools, jobs and tests (wait up to 5 s, no queue bound); the serving
 * workers set tight bounds (runtime/attach-database.ts) so that an overload costs only the excess requests.
 */
export type PoolWaitLimits = Pick<GateLimits, "maxWaiting" | "maxWaitMs">;
const PATIENT: PoolWaitLimits = { maxWaiting: Number.POSITIVE_INFINITY, maxWaitMs: 5_000 };

// pg's own declaration of connect's callback (done takes `any`).
type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: any) => void) => void;

/**
 * A pg pool whose every checkout (Kysely's, pool.query's, the rate limiter's) passes the gate first. A
 * refused checkout is DatabaseBusyError and says nothing about the database; a failed connect still marks
 * it unavailable.
 */
class GatedPool extends pg.Pool {
  readonly gate: ConnectionGate;

  constructor(config: pg.PoolConfig & { max: number }, wait: PoolWaitLimits) {
    super(config);
    this.gate = new ConnectionGate({ slots: config.max, ...wait });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const checkedOut = this.checkOut();
    if (!callback) return checkedOut;
    checkedOut.then(
      (client) => callback(undefined, client, client.release),
      (err: Error) => callback(err, undefined, () => {}),
    );
    return undefined;
  }

  private async checkOut(): Promise<pg.PoolClient> {
    await this.gate.acquire();
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (err) {
      this.gate.release();
      // Failing to connect at all is the other sign (besides a client's error) that the server is gone.
      if (isDatabaseUnavailableError(err)) markDatabaseUnavailable((err as Error).message);
      throw err;
    }
    // pg-pool gives each checkout its own release; the slot goes back with it, once.
    const release = client.release;
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (!released) {
        released = true;
        this.gate.release();
      }
      return release.call(client, err ?? abandonIfStuck(client));
    };
    return client;
  }
}

/**
 * A client given back with a query still running is one whose query_timeout fired: the server (or the link) did
 * not answer at all, since a merely slow statement is stopped by statement_timeout first. Its socket may hang for
 * good, so it is cut and the pool drops it (an error on release) instead of lending it to the next request.
 */
function abandonIfStuck(client: pg.PoolClient): Error | undefined {
  const internals = client as unknown as { _getActiveQuery?: () => unknown; connection?: { stream?: { destroy?: () => void } } };
  if (!internals._getActiveQuery?.()) return undefined;
  internals.connection?.stream?.destroy?.();
  return new Error("query read timeout: connection abandoned");
}

/**
 * What each kind of connection calls itself (PostgreSQL's application_name): pg_stat_activity then tells an
 * operator (and the fault matrix of docs/operations.md) which connections are whose.
 */
export const APPLICATION_NAMES = {
  /** A serving web worker's pool. */
  web: "pleazure-web",
  /** A job process's own pool (the services its jobs use). */
  jobs: "pleazure-jobs",
  /** graphile-worker's pool in a job runner. */
  jobQueue: "pleazure-job-queue",
  /** A job runner's liveness lock (jobs/runner.ts). */
  jobLiveness: "pleazure-job-liveness",
  /** Each process's LISTEN connection (realtime/notifications.ts). */
  listener: "pleazure-listener",
  /** A short-lived "does it answer yet" (wait-for-database.ts). */
  probe: "pleazure-probe",
  /** Everything else: start-up, migrations, the CLI, tools. */
  tool: "pleazure",
} as const;
export type ApplicationName = (typeof APPLICATION_NAMES)[keyof typeof APPLICATION_NAMES];

/** A statement's answer may take this much longer than statement_timeout before the client gives up on it. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;

/**
 * `statementTimeoutMs` (serving processes): PostgreSQL stops any statement, lock waits included, that runs
 * longer, so a slow database costs a request a bounded time and frees its connection (the request answers 503,
 * pool-gate.ts isDatabaseBusyError) instead of piling requests up behind it. Unset or 0: no limit (tools, jobs).
 */
export function connect(
  url: string,
  max = 20,
  wait: PoolWaitLimits = PATIENT,
  statementTimeoutMs = 0,
  applicationName: ApplicationName = APPLICATION_NAMES.tool,
): DatabaseHandle {
  // A bounded connect wait: an unreachable server fails requests quickly (503) instead of hanging them.
  const pool = new GatedPool(
    {
      connectionString: url,
      application_name: applicationName,
      max,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      // The server stops a slow statement; the client stops waiting for a server that does not answer at all.
      ...(statementTimeoutMs > 0
        ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS }
        : {}),
    },
    wait,
  );
  // pg-pool listens for errors only while a client is idle; a server going away mid-query would otherwise
  // emit an unhandled 'error' from the checked-out client and end the process. So every client reports
  // its own errors, and the pool's re-emission of idle-client errors is already handled by that.
  pool.on("connect", (client) => client.on("error", clientError));
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, url, close: () => db.destroy(), poolUsage: () => pool.gate.usage };
}

function clientError(err: Error): void {
  if (isDatabaseUnavailableError(err)) markDatabaseUnavailable(err.message);
  else logger.error({ err }, "PostgreSQL client error");
}

/** Where the app's database is, and how to let go of it. */
export interface DatabaseLocation {
  url: string;
  /** Stops the embedded server this process started (absent when it uses DATABASE_URL or a running app's server). */
  stop?: () => Promise<void>;
  /** The embedded server belongs to an app running on this DATA_DIR. */
  besideRunningApp: boolean;
}

/**
 * Finds the app's database without touching its schema: DATABASE_URL when given, else the embedded PostgreSQL
 * under DATA_DIR/postgres (a running app's server, or one started here). `existing`: fail rather than initialise
 * a data directory or create the database (a backup must not make an empty database to back up).
 */
export async function locateDatabase(opts: { databaseUrl?: string; dataDir: string; existing?: boolean }): Promise<DatabaseLocation> {
  if (opts.databaseUrl) return { url: opts.databaseUrl, besideRunningApp: false };
  const dir = path.join(opts.dataDir, "postgres");
  // Beside a running app (e.g. `npm run cli -- user:role` while the site serves): use its server.
  const running = serverOfRunningApp(dir);
  if (running) return { url: running.url(DATABASE_NAME), besideRunningApp: true };
  if (opts.existing && !fs.existsSync(path.join(dir, "PG_VERSION")))
    throw new Error(`no database at ${dir} (set DATA_DIR or DATABASE_URL)`);
  const server = await startEmbeddedPostgres(dir);
  try {
    if (!opts.existing) await ensureDatabase(server.url("postgres"), DATABASE_NAME);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { url: server.url(DATABASE_NAME), stop: server.stop, besideRunningApp: false };
}

/**
 * Opens the app's database: DATABASE_URL when given, else an embedded PostgreSQL under DATA_DIR/postgres.
 * Migrations are applied before returning.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  const location = await locateDatabase(opts);
  const handle = connect(location.url);
  const applied = await migrateToLatest(handle.db);
  if (applied.length) logger.info({ applied }, "migrations applied");
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await location.stop?.();
    },
  };
}

/** Creates a database if missing; tolerates a concurrent creator. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = connect(adminUrl, 1);
  try {
    const exists = await sql<{ one: number }>`SELECT 1 AS one FROM pg_database WHERE datname = ${name}`.execute(admin.db);
    if (exists.rows.length === 0) {
      try {
        await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin.db);
      } catch (err) {
        // Another process won the race: duplicate_database, or a unique violation on pg_database.
        const code = (err as { code?: string }).code;
        if (code !== "42P04" && code !== "23505") throw err;
      }
    }
  } finally {
    await admin.close();
  }
}

// The handle lives on globalThis so that dev-server module reloads reuse one pool.
const holder = globalThis as unknown as { __pleazureDb?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__pleazureDb = handle;
}

export function getDb(): Kysely<Database> {
  const handle = holder.__pleazureDb;
  if (!handle) throw new Error("Database not initialised");
  return handle.db;
}

/** This process's pool checkouts in use and waiting (test hooks, metrics). */
export function poolUsage(): { held: number; waiting: number } {
  const handle = holder.__pleazureDb;
  if (!handle) throw new Error("Database not initialised");
  return handle.poolUsage?.() ?? { held: 0, waiting: 0 };
}

/** This process's pool for /metrics: open and idle connections, checkouts waiting (gate and pg-pool); null without one. */
export function poolStats(): { total: number; idle: number; waiting: number } | null {
  const handle = holder.__pleazureDb;
  if (!handle) return null;
  const { pool } = handle;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount + (handle.poolUsage?.().waiting ?? 0) };
}

/** The app's pg pool, for libraries that take a pool rather than Kysely (e.g. the rate limiter's store). */
export function getPool(): pg.Pool {
  const handle = holder.__pleazureDb;
  if (!handle) throw new Error("Database not initialised");
  return handle.pool;
}
