import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../../server/db/connection";
import { startScaleOut } from "../../tests/support/scale-out";
import { startAppServer } from "./app-server";
import { onCleanup } from "./cleanup";

/**
 * The three ways the site runs that the load test compares (issue 21 item 5), each on the same machine with
 * as many web worker processes as cores, so that only the topology differs:
 * - embedded: `node server.js` as `npm start` runs it (its own embedded PostgreSQL, one worker per core);
 * - external-1 / external-2: tests/support/scale-out.ts's PostgreSQL of its own (as a managed one would be),
 *   1 or 2 app instances (server.js, the production build) and Debian's nginx with docs/deploy/nginx-site.conf
 *   in front. Its wrapper adds `set_real_ip_from 127.0.0.1; real_ip_header X-Forwarded-For;`, as an operator
 *   behind a CDN would, so that each simulated visitor's address (sent by wrk) reaches the app: one client
 *   address for the whole load would meet the per-address limits at once.
 */
export type TopologyName = "embedded" | "external-1" | "external-2";

export const TOPOLOGIES: Record<TopologyName, string> = {
  embedded: "embedded PostgreSQL, 1 instance (npm start)",
  "external-1": "external PostgreSQL, 1 instance behind nginx",
  "external-2": "external PostgreSQL, 2 instances behind nginx",
};

export interface Topology {
  name: TopologyName;
  /** The public address the load goes to. */
  origin: string;
  /** Each instance's own address (the same as `origin` without a proxy): where its /metrics are read. */
  instanceOrigins: string[];
  /** Every instance's DATA_DIR (their outboxes hold the sign-in codes). */
  dataDirs: string[];
  /** The instances' APP_SECRET: play tokens are signed with it. */
  key: Buffer;
  /** A connection of the load test's own, to read back what the site stored. */
  db: DatabaseHandle;
  /** Web worker processes over all instances. */
  workers: number;
  /** Root processes of each party, for the CPU split (bench/lib/cpu.ts TreeMeter). */
  processes: Record<"app" | "postgres" | "proxy", number[]>;
  stop: () => Promise<void>;
}

/** `env`: more settings for every instance (the soak's METRICS_TOKEN). */
export async function startTopology(
  name: TopologyName,
  opts: { root: string; buildDir: string; workDir: string; env?: Record<string, string> },
): Promise<Topology> {
  const secret = crypto.randomBytes(32).toString("hex");
  const cores = os.availableParallelism();
  if (name === "embedded") {
    const dataDir = path.join(opts.workDir, "embedded-data");
    fs.rmSync(dataDir, { recursive: true, force: true });
    const app = await startAppServer({
      root: opts.root,
      buildDir: opts.buildDir,
      dataDir,
      logFile: path.join(opts.workDir, "embedded-server.log"),
      // An operator's key (embedded mode would make one in DATA_DIR otherwise); the address trust is the default.
      env: { APP_SECRET: secret, ...opts.env },
    });
    const db = await openDatabase({ dataDir });
    return {
      processes: { app: [app.pid], postgres: [await postmasterOf(db)], proxy: [] },
      name,
      origin: app.origin,
      instanceOrigins: [app.origin],
      dataDirs: [dataDir],
      key: Buffer.from(secret, "utf8"),
      db,
      workers: cores,
      stop: async () => {
        await db.close();
        await app.stop();
      },
    };
  }
  const instances = name === "external-1" ? 1 : 2;
  const workers = Math.max(1, Math.floor(cores / instances));
  const site = await startScaleOut({
    instances,
    entry: "server.js",
    env: { APP_SECRET: secret, BUILD_DIR: opts.buildDir, WEB_CONCURRENCY: String(workers), ...opts.env },
    proxyDirectives: ["set_real_ip_from 127.0.0.1;", "real_ip_header X-Forwarded-For;"],
  });
  const remove = onCleanup(`scale-out (${name})`, site.stop);
  return {
    processes: {
      app: site.instances.flatMap((i) => (i.child.pid ? [i.child.pid] : [])),
      postgres: [await postmasterOf(site.db)],
      proxy: site.proxyPid ? [site.proxyPid] : [],
    },
    name,
    origin: site.origin,
    instanceOrigins: site.instances.map((i) => i.origin),
    dataDirs: site.instances.map((i) => i.dataDir),
    key: Buffer.from(secret, "utf8"),
    db: site.db,
    workers: workers * instances,
    stop: async () => {
      await site.stop();
      remove();
    },
  };
}

/** The postmaster: the parent of this connection's backend. */
async function postmasterOf(db: DatabaseHandle): Promise<number> {
  const { rows } = await db.pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const status = fs.readFileSync(`/proc/${rows[0]!.pid}/status`, "utf8");
  return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
}
