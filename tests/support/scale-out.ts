import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { connect, type DatabaseHandle } from "../../server/db/connection";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../server/db/embedded";
import { freeLoopbackPort } from "../../server/process";
import { codeFromOutbox } from "./account-session";
import { type AppProcess, type StartOptions, startApp } from "./app-process";
import { signInFormToken } from "./form-token";
import { startTestS3, type TestS3 } from "./s3-server";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

/**
 * The scale-out topology of docs/operations.md on one machine: a PostgreSQL of its own (started here, as an
 * operator's managed one would be), N app instances (separate processes, ports and data directories: no shared
 * disk) and Debian's nginx in front running docs/deploy/nginx-site.conf. nginx reaches the instances from
 * 127.0.0.2 and the instances trust X-Forwarded-For from that address only (TRUST_PROXY), so a client on
 * 127.0.0.1 talking to an instance directly is not the proxy.
 */
export interface ScaleOut {
  /** The public address: nginx. */
  origin: string;
  instances: AppProcess[];
  databaseUrl: string;
  /** A connection of the test's own, to read back what the instances wrote. */
  db: DatabaseHandle;
  /** nginx's error log so far. */
  proxyLog: () => string;
  /** nginx's master process (its workers are its children). */
  proxyPid: number | undefined;
  /** With `databaseLink`: the proxy every instance reaches PostgreSQL through, to cut, stall or slow (tcp-proxy.ts). */
  link?: TcpProxy;
  /** With `objectStorage`: the S3-compatible bucket every instance keeps its media in (s3-server.ts). */
  storage?: TestS3;
  /** Stops PostgreSQL (fast shutdown: sessions are cut), and starts it again on the same port and data. */
  database: { stop: () => Promise<void>; start: () => Promise<void> };
  /**
   * Stops instance `index` as an operator does (SIGTERM: it drains while nginx sends new requests to the others),
   * then starts `release` in its place on the same port and data directory, so nginx needs no reload; resolves
   * once the new one serves. `instances[index]` is the new process from then on.
   */
  restart: (index: number, release?: InstanceRelease) => Promise<Restart>;
  stop: () => Promise<void>;
}

/** Which build an instance runs: the test build by default, `entry: "server.js"` the production one, `cwd` another release's folder. */
export type InstanceRelease = Pick<StartOptions, "entry" | "cwd">;

export interface Restart {
  /** From SIGTERM to the old process's exit. */
  drainedMs: number;
  /** From the new process's spawn to its workers serving (its primary migrates first). */
  startedMs: number;
  /** The stopped process's output. */
  previousLog: string;
}

/** The address nginx connects to the instances from (any of 127/8 is loopback on Linux). */
export const PROXY_ADDRESS = "127.0.0.2";
const SITE_CONFIG = path.resolve("docs/deploy/nginx-site.conf");

export async function startScaleOut(
  options: {
    instances?: number;
    env?: Record<string, string>;
    /** Which server the instances run (default: the test build's; `server.js` for the production build). */
    entry?: string;
    /** Another release's folder the instances run from (with `entry: "server.js"`: its production build). */
    cwd?: string;
    /** Extra directives for nginx's http block (the load test's real-IP settings, as a CDN in front would need). */
    proxyDirectives?: string[];
    /** The instances reach PostgreSQL through a TCP proxy of the tests' own (`link`), not directly. */
    databaseLink?: boolean;
    /** The instances keep their media in an S3-compatible bucket of the tests' own (MEDIA_STORAGE=s3). */
    objectStorage?: boolean;
  } = {},
): Promise<ScaleOut> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-scale-"));
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    let pg: EmbeddedServer = await startEmbeddedPostgres(path.join(dir, "pg"));
    let running = true;
    const database = {
      stop: async () => {
        running = false;
        await pg.stop();
      },
      start: async () => {
        pg = await startEmbeddedPostgres(path.join(dir, "pg"), { port: pg.port });
        running = true;
      },
    };
    stops.push(async () => {
      if (running) await pg.stop();
    });
    const databaseUrl = pg.url("postgres");
    const link = options.databaseLink ? await startTcpProxy({ host: "127.0.0.1", port: pg.port }) : undefined;
    if (link) stops.push(() => link.close());
    const storage = options.objectStorage ? await startTestS3() : undefined;
    if (storage) stops.push(() => storage.stop());
    const proxyPort = await freeLoopbackPort();
    const origin = `http://127.0.0.1:${proxyPort}`;
    const shared = {
      DATABASE_URL: link ? link.via(databaseUrl) : databaseUrl,
      // Every instance signs and checks the same tokens (sessions' cookies, play tokens, form tokens).
      APP_SECRET: crypto.randomBytes(32).toString("hex"),
      SITE_URL: origin,
      TRUST_PROXY: PROXY_ADDRESS,
      WEB_CONCURRENCY: "1",
      JOBS_IN_PROCESS: "false",
      ...storage?.env(),
      ...options.env,
    };
    // Started together: concurrent first starts on one database must be safe (migrations, queue schema, seed).
    const started = await Promise.allSettled(
      Array.from({ length: options.instances ?? 2 }, () => startApp(shared, { entry: options.entry, cwd: options.cwd })),
    );
    const instances = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    // The instances as they are at the end (restart replaces them); those that did start, if another did not.
    stops.push(async () => {
      for (const instance of instances) await instance.stop();
    });
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    const restart = async (index: number, release: InstanceRelease = {}): Promise<Restart> => {
      const previous = instances[index];
      if (!previous) throw new Error(`no instance ${index}`);
      const stopAt = Date.now();
      previous.child.kill("SIGTERM");
      const exit = await previous.exited;
      if (exit.code !== 0)
        throw new Error(`instance ${index} exited with ${exit.code ?? exit.signal} on SIGTERM:\n${previous.log().slice(-3000)}`);
      const drainedMs = Date.now() - stopAt;
      const startAt = Date.now();
      instances[index] = await startApp(shared, { ...release, port: Number(new URL(previous.origin).port), dataDir: previous.dataDir });
      return { drainedMs, startedMs: Date.now() - startAt, previousLog: previous.log() };
    };

    const proxy = await startNginx(dir, proxyPort, instances, options.proxyDirectives);
    stops.push(proxy.stop);
    const db = connect(databaseUrl, 4);
    stops.push(() => db.close());
    return {
      origin,
      instances,
      databaseUrl,
      db,
      proxyLog: proxy.log,
      proxyPid: proxy.pid,
      link,
      storage,
      database,
      restart,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** docs/deploy/nginx-site.conf with this run's ports, in a minimal main configuration of its own (no root paths). */
export function nginxConfig(dir: string, port: number, upstreams: readonly string[], directives: readonly string[] = []): string {
  const site = fs
    .readFileSync(SITE_CONFIG, "utf8")
    // Each upstream's example instances become this run's (same parameters), the public port this run's.
    .replace(/^( *)server 127\.0\.0\.1:3000( [^;\n]*)?;\n(?: *server [^\n]+\n)*/gm, (_, indent: string, params = "") =>
      upstreams.map((u) => `${indent}server ${u}${params};\n`).join(""),
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(`listen 127.0.0.1:${port};`) || !site.includes(`server ${upstreams[0]}`)) {
    throw new Error(`${SITE_CONFIG} no longer has the upstream block or the listen line this harness replaces`);
  }
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  const temp = (name: string) => {
    const p = path.join(dir, "temp", name);
    fs.mkdirSync(p, { recursive: true, mode: 0o777 });
    fs.chmodSync(p, 0o777); // nginx's workers run as nobody when the tests run as root
    return p;
  };
  return [
    "daemon off;",
    "worker_processes 1;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    `  client_body_temp_path ${temp("body")};`,
    `  proxy_temp_path ${temp("proxy")};`,
    `  fastcgi_temp_path ${temp("fastcgi")};`,
    `  uwsgi_temp_path ${temp("uwsgi")};`,
    `  scgi_temp_path ${temp("scgi")};`,
    `  proxy_bind ${PROXY_ADDRESS};`,
    ...directives.map((d) => `  ${d}`),
    `  include ${path.join(dir, "site.conf")};`,
    "}",
    "",
  ].join("\n");
}

async function startNginx(dir: string, port: number, instances: readonly AppProcess[], directives: readonly string[] = []) {
  fs.chmodSync(dir, 0o755);
  const config = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    config,
    nginxConfig(
      dir,
      port,
      instances.map((i) => new URL(i.origin).host),
      directives,
    ),
  );
  let output = "";
  const child: ChildProcess = spawn("nginx", ["-p", dir, "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = path.join(dir, "error.log");
  const log = () => output + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "");
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${log()}`);
    if ((await status(`http://127.0.0.1:${port}/healthz`).catch(() => 0)) === 200) break;
    if (Date.now() > deadline) throw new Error(`nginx not answering after 10 s: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    log,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT"); // graceful: open streams end
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

function status(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

/** A form POST as a browser page sends it from a page at the same address (the public one, or an instance's). */
export function postForm(url: string, fields: Record<string, string>, cookie?: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    signal,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** Messages whose code a sign-in below has used. */
const usedCodes = new Set<string>();

/** The newest unused sign-in code mailed to `email` by whichever instance sent it (each writes its own outbox). */
export function codeFor(site: ScaleOut, email: string): Promise<string> {
  return codeFromOutbox(email, { dataDir: site.instances.map((i) => i.dataDir), skip: usedCodes });
}

/**
 * Signs `email` in with a code asked for at `askAt` and entered at `verifyAt` (default: both through nginx);
 * returns the Cookie header a browser then sends (the session, past the age gate).
 */
export async function signIn(site: ScaleOut, email: string, at: { askAt?: string; verifyAt?: string } = {}): Promise<string> {
  const askAt = at.askAt ?? site.origin;
  const asked = await postForm(`${askAt}/login`, {
    intent: "request-code",
    email,
    redirectTo: "/",
    formToken: await signInFormToken(askAt),
  });
  if (asked.status !== 200) throw new Error(`the code request answered ${asked.status}`);
  const code = await codeFor(site, email);
  const verified = await postForm(`${at.verifyAt ?? site.origin}/login`, { intent: "verify-code", email, code, redirectTo: "/" });
  const session = verified.headers.getSetCookie().find((c) => /session_token=/.test(c));
  if (verified.status !== 302 || !session) throw new Error(`the code answered ${verified.status} without a session`);
  return `ageVerified=true; ${session.split(";")[0]}`;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request from a chosen local address (`from`, e.g. 127.0.0.3): fetch cannot pick its source
 * address, and the proxy tests need clients that are neither the proxy nor each other.
 */
export function requestFrom(
  from: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers, localAddress: from }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}
