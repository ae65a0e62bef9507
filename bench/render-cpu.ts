// `npm run bench:render`: the app CPU of one uncached render per page route (issue 20 item 5).
//
// One production server (`node server.js`, one web worker, PAGE_CACHE_TTL_MS=0 so no page is answered from
// the micro-cache) on the bench's synthetic catalogue plus the demo blog posts. Requests go one at a time on a
// kept-alive connection (`Accept-Encoding: br, gzip`, as browsers send), in rounds that visit every page in
// turn; a page's figure is the worker's CPU (every thread: the event loop and the zlib pool, from
// /proc/<pid>/task/*/schedstat, in ns) over a round's block of its requests divided by their count, the median
// round. With --compare the two builds' requests alternate one by one, so both see the same moments of a shared
// machine.
// With --profile the worker runs under `node --cpu-prof` and each page's share of the profile (the samples
// in its measured windows) is summarised: self time by package and function, and inclusive time of the
// biggest frames. Writes bench/.work/render-cpu.json (and the pages' HTML, nonces blanked, under
// bench/.work/render-html/ to compare builds). See docs/benchmarks.md, "Issue 20: uncached render CPU".
import "./lib/quiet";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readBlogFiles } from "../server/content/blog-files";
import { startAppServer, startFloorServer } from "./lib/app-server";
import { appVersion, buildApp } from "./lib/build";
import { buildCatalogue, pickFixtures, startBenchDatabase } from "./lib/catalogue";
import { cleanup, installSignalHandlers } from "./lib/cleanup";
import { backgroundLoad, childrenOf, isJobProcess } from "./lib/cpu";
import { busiestProfile, type ProfileSummary, summariseProfile } from "./lib/profile";
import { round } from "./lib/stats";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORK = path.join(ROOT, "bench", ".work");
const BUILD_DIR = "bench/.work/build";
const BUILD_INFO = path.join(WORK, "build-info.json");

const t0 = Date.now();
const log = (msg: string) => console.log(`[render +${Math.round((Date.now() - t0) / 1000)}s] ${msg}`);

interface Args {
  videos: number;
  requests: number;
  warmup: number;
  rounds: number;
  skipBuild: boolean;
  profile: boolean;
  only?: string[];
  /** A second build (e.g. bench/.work/build-base) served beside this one, measured in the same rounds. */
  compare?: string;
  /**
   * Also measure the framework's floor (bench/floor-server.tsx): an empty page, one with the app's stylesheet, and one
   * carrying each measured page's own bytes.
   */
  floor: boolean;
}

function parse(argv: string[]): Args {
  const a: Args = { videos: 100_000, requests: 200, warmup: 100, rounds: 5, skipBuild: false, profile: false, floor: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const next = () => argv[++i] ?? "";
    if (flag === "--videos") a.videos = Number(next().replace(/_/g, ""));
    else if (flag === "--requests") a.requests = Number(next());
    else if (flag === "--warmup") a.warmup = Number(next());
    else if (flag === "--rounds") a.rounds = Number(next());
    else if (flag === "--skip-build") a.skipBuild = true;
    else if (flag === "--profile") a.profile = true;
    else if (flag === "--only") a.only = next().split(",");
    else if (flag === "--compare") a.compare = next();
    else if (flag === "--floor") a.floor = true;
    else
      throw new Error(
        `unknown flag ${flag} (--videos N --requests N --warmup N --rounds N --skip-build --profile --only k1,k2 --compare DIR --floor)`,
      );
  }
  return a;
}

/** CPU ns of every thread of `pid` (field 1 of /proc/<pid>/task/<tid>/schedstat). */
function threadNs(pid: number): number {
  let ns = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // thread gone
    }
  }
  return ns;
}

function procTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

const pgTicks = (postmaster: number) => [postmaster, ...childrenOf(postmaster)].reduce((s, pid) => s + procTicks(pid), 0);

async function get(url: string): Promise<{ status: number; body: Buffer; encoding: string | null }> {
  const res = await fetch(url, { headers: { "accept-encoding": "br, gzip" }, redirect: "manual" });
  // fetch decodes br/gzip itself; the bytes are needed only for the saved HTML.
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, encoding: res.headers.get("content-encoding") };
}

async function main(): Promise<number> {
  installSignalHandlers();
  const args = parse(process.argv.slice(2));
  fs.mkdirSync(WORK, { recursive: true });
  if (!args.skipBuild || !fs.existsSync(path.join(ROOT, BUILD_DIR, "server/index.js"))) {
    log(`building into ${BUILD_DIR}...`);
    const version = appVersion(ROOT);
    const { seconds } = await buildApp(ROOT, BUILD_DIR);
    fs.writeFileSync(BUILD_INFO, `${JSON.stringify({ ...version, builtAt: new Date().toISOString() }, null, 2)}\n`);
    log(`built in ${seconds.toFixed(1)} s`);
  }
  const built = JSON.parse(fs.readFileSync(BUILD_INFO, "utf8"));

  log("fresh embedded PostgreSQL under bench/.work/pg-render...");
  const db = await startBenchDatabase(path.join(WORK, "pg-render"));
  const info = await buildCatalogue(db.admin.pool, args.videos, log);
  const fx = await pickFixtures(db.admin.pool, info);
  const { posts } = readBlogFiles(path.join(ROOT, "content", "blog"));
  await db.admin.db.insertInto("blog_posts").values(posts).execute();
  const slug = posts.find((p) => p.published && p.slug === "welcome-to-pleazure")?.slug ?? posts.find((p) => p.published)!.slug;

  // `floor`: served by the floor server only (bench/floor-server.tsx), the others by the app's builds only.
  const pages: { key: string; path: string; floor?: boolean }[] = [
    { key: "login", path: "/login" },
    { key: "home", path: "/" },
    { key: "category", path: `/category/${fx.bigCategory.slug}` },
    { key: "home-page-50", path: "/?page=50" },
    { key: "video", path: `/video/${fx.videoId}` },
    { key: "search-common", path: `/search?q=${encodeURIComponent(fx.searchCommon.term)}` },
    { key: "search-rare", path: `/search?q=${encodeURIComponent(fx.searchRare.term)}` },
    { key: "search-blank", path: "/search" },
    { key: "blog", path: "/blog" },
    { key: "blog-post", path: `/blog/${slug}` },
    { key: "faq", path: "/faq" },
    { key: "values", path: "/values" },
  ].filter((p) => !args.only || args.only.includes(p.key));
  // The floor's empty page, with the whole stylesheet, and carrying each app page's own bytes (its cut stylesheet
  // and markup, as the app sent them: bench/floor-server.tsx `/as/:key`), measured after the app's pages.
  if (args.floor)
    pages.push(
      { key: "floor-empty", path: "/", floor: true },
      { key: "floor-css", path: "/css", floor: true },
      ...pages.map((p) => ({ key: `floor-as-${p.key}`, path: `/as/${p.key}`, floor: true })),
    );

  const profDir = path.join(WORK, "render-profile");
  fs.rmSync(profDir, { recursive: true, force: true });
  const builds = [{ name: "build", dir: BUILD_DIR }, ...(args.compare ? [{ name: "compare", dir: args.compare }] : [])];
  const servers: { name: string; dir: string; origin: string; worker: number; stop: () => Promise<void>; floor?: boolean }[] = [];
  for (const b of builds) {
    const dir = path.join(profDir, b.name);
    if (args.profile) fs.mkdirSync(dir, { recursive: true });
    const server = await startAppServer({
      root: ROOT,
      buildDir: b.dir,
      dataDir: path.join(WORK, `data-render-${b.name}`),
      databaseUrl: db.url,
      logFile: path.join(WORK, `render-server-${b.name}.log`),
      nodeArgs: args.profile ? ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval=200"] : [],
      env: { WEB_CONCURRENCY: "1", PAGE_CACHE_TTL_MS: "0" },
    });
    const worker = childrenOf(server.pid).find((pid) => !isJobProcess(pid));
    if (!worker) throw new Error("no web worker found");
    log(`${b.name} (${b.dir}): ${server.origin}, primary ${server.pid}, web worker ${worker}`);
    servers.push({ ...b, origin: server.origin, worker, stop: server.stop });
  }
  if (args.floor) {
    const dir = path.join(profDir, "floor");
    if (args.profile) fs.mkdirSync(dir, { recursive: true });
    const css = fs.readdirSync(path.join(ROOT, BUILD_DIR, "client", "assets")).find((f) => f.endsWith(".css"));
    const floor = await startFloorServer({
      root: ROOT,
      css: css ? path.join(ROOT, BUILD_DIR, "client", "assets", css) : undefined,
      pages: path.join(WORK, "render-html-build"),
      logFile: path.join(WORK, "render-server-floor.log"),
      nodeArgs: args.profile ? ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval=200"] : [],
    });
    log(`floor (bench/floor-server.tsx): ${floor.origin}, pid ${floor.pid}`);
    servers.push({ name: "floor", dir: "bench/floor-server.tsx", origin: floor.origin, worker: floor.pid, stop: floor.stop, floor: true });
  }
  const serves = (srv: { floor?: boolean }, p: { floor?: boolean }) => !!srv.floor === !!p.floor;
  const sizes = new Map<string, number>();
  for (const srv of servers) {
    const htmlDir = path.join(WORK, `render-html-${srv.name}`);
    fs.mkdirSync(htmlDir, { recursive: true });
    for (const p of pages.filter((p) => serves(srv, p))) {
      const res = await get(`${srv.origin}${p.path}`);
      if (res.status !== 200) throw new Error(`${p.path} answered ${res.status}`);
      if (res.encoding !== "br") throw new Error(`${p.path} was not sent with brotli (${res.encoding})`);
      const html = res.body
        .toString("utf8")
        .replace(/nonce="[^"]+"/g, 'nonce=""')
        .replace(/'nonce-[^']+'/g, "'nonce-'")
        .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:PORT");
      fs.writeFileSync(path.join(htmlDir, `${p.key}.html`), html);
      sizes.set(`${srv.name}/${p.key}`, res.body.length);
    }
  }
  log(
    `background load (other processes): ${await backgroundLoad(2)} of ${os.availableParallelism()} cores; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  // What a worker uses with no request at all (timers, the ad feed, V8's background threads): per ms of wall time.
  const idle0 = servers.map((srv) => threadNs(srv.worker));
  const idleStart = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, 3000));
  const idleWallMs = Number(process.hrtime.bigint() - idleStart) / 1e6;
  const idleCores = servers.map((srv, i) => round((threadNs(srv.worker) - idle0[i]!) / 1e6 / idleWallMs, 4));
  log(`idle workers: ${servers.map((srv, i) => `${srv.name} ${idleCores[i]} cores`).join(", ")}`);
  log(`warm-up: ${args.warmup} requests per page`);
  for (const srv of servers)
    for (const p of pages.filter((p) => serves(srv, p))) for (let i = 0; i < args.warmup; i++) await get(`${srv.origin}${p.path}`);

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  type Entry = { cpuMs: number[]; medianMs: number[]; wallMs: number[]; pgMs: number[]; windows: [number, number][] };
  const perPage = new Map<string, Entry>();
  const entry = (srv: string, key: string) => {
    const k = `${srv}/${key}`;
    if (!perPage.has(k)) perPage.set(k, { cpuMs: [], medianMs: [], wallMs: [], pgMs: [], windows: [] });
    return perPage.get(k)!;
  };
  // Requests alternate between the builds one by one (A, B, B, A, ...), so both see the same moments of a shared
  // machine; each request's CPU is read around it. A page's figure per round is the median request of that round.
  const samples = new Map<string, number[]>();
  for (let r = 0; r < args.rounds; r++) {
    for (const p of pages) {
      const here = servers.filter((srv) => serves(srv, p));
      const roundSamples = new Map<string, number[]>(here.map((srv) => [srv.name, []]));
      const pg0 = pgTicks(db.postmasterPid);
      const w0 = process.hrtime.bigint();
      const start = here.map((srv) => threadNs(srv.worker));
      for (let i = 0; i < args.requests; i++) {
        for (const srv of i % 2 ? [...here].reverse() : here) {
          const c0 = threadNs(srv.worker);
          await get(`${srv.origin}${p.path}`);
          roundSamples.get(srv.name)!.push((threadNs(srv.worker) - c0) / 1e6);
        }
      }
      await new Promise((r) => setTimeout(r, 50)); // what a worker does after its last answer (GC, clean-up) counts too
      const total = here.map((srv, i) => threadNs(srv.worker) - start[i]!);
      const w1 = process.hrtime.bigint();
      const pg1 = pgTicks(db.postmasterPid);
      for (const [i, srv] of here.entries()) {
        const e = entry(srv.name, p.key);
        const xs = roundSamples.get(srv.name)!;
        // All of the worker's CPU over the block, per request: what it did between its requests included.
        e.cpuMs.push(total[i]! / 1e6 / args.requests);
        e.medianMs.push(median(xs));
        e.wallMs.push(Number(w1 - w0) / 1e6 / args.requests / here.length);
        e.pgMs.push(((pg1 - pg0) * 10) / args.requests / here.length);
        e.windows.push([Number(w0 / 1000n), Number(w1 / 1000n)]);
        const all = samples.get(`${srv.name}/${p.key}`) ?? [];
        all.push(...xs);
        samples.set(`${srv.name}/${p.key}`, all);
      }
    }
    for (const srv of servers)
      log(
        `round ${r + 1}/${args.rounds} ${srv.name}: ${pages
          .filter((p) => serves(srv, p))
          .map((p) => `${p.key} ${round(entry(srv.name, p.key).cpuMs.at(-1)!, 2)}`)
          .join(", ")}`,
      );
  }
  const background = await backgroundLoad(2);
  for (const srv of servers) await srv.stop();

  const results = servers.flatMap((srv) =>
    pages
      .filter((p) => serves(srv, p))
      .map((p) => {
        const e = entry(srv.name, p.key);
        return {
          build: srv.name,
          buildDir: srv.dir,
          key: p.key,
          path: p.path,
          htmlBytes: sizes.get(`${srv.name}/${p.key}`),
          /** The worker's CPU over each round's block of requests divided by their count: the median round. */
          cpuMsPerRequest: round(median(e.cpuMs), 3),
          cpuMsRounds: e.cpuMs.map((x) => round(x, 3)),
          /** The median request, read around each request alone (leaves out what the worker does between requests). */
          cpuMsMedianRequest: round(median(samples.get(`${srv.name}/${p.key}`)!), 3),
          wallMsPerRequest: round(median(e.wallMs), 3),
          pgMsPerRequest: round(median(e.pgMs), 2),
        };
      }),
  );
  let profiles: Record<string, ProfileSummary> | undefined;
  if (args.profile) {
    profiles = {};
    for (const srv of servers) {
      let file: string;
      try {
        file = busiestProfile(path.join(profDir, srv.name));
      } catch (err) {
        log(`no profile for ${srv.name}: ${(err as Error).message}`);
        continue;
      }
      for (const p of pages.filter((p) => serves(srv, p)))
        profiles[`${srv.name}/${p.key}`] = summariseProfile(file, 25, entry(srv.name, p.key).windows);
    }
  }
  const out = {
    at: new Date().toISOString(),
    build: built,
    node: process.version,
    args,
    fixtures: fx,
    backgroundAfter: background,
    idleCores,
    loadavg: os.loadavg(),
    results,
    profiles,
  };
  fs.writeFileSync(path.join(WORK, args.profile ? "render-cpu-profile.json" : "render-cpu.json"), `${JSON.stringify(out, null, 2)}\n`);
  console.log("\nbuild/page              CPU ms/req  rounds                                  median req  wall ms   PG ms HTML bytes");
  for (const r of results)
    console.log(
      `${`${r.build}/${r.key}`.padEnd(24)}${String(r.cpuMsPerRequest).padStart(8)}    ${r.cpuMsRounds.join(" ").padEnd(40)} ${String(r.cpuMsMedianRequest).padStart(7)} ${String(r.wallMsPerRequest).padStart(7)} ${String(r.pgMsPerRequest).padStart(7)} ${String(r.htmlBytes).padStart(9)}`,
    );
  if (profiles) {
    for (const [key, prof] of Object.entries(profiles)) {
      console.log(`\n== ${key}: ${prof.busyMs} ms sampled`);
      for (const c of prof.byCategory.slice(0, 12)) console.log(`  ${(c.share * 100).toFixed(1).padStart(5)}%  ${c.category}`);
      console.log("  stages:");
      for (const st of prof.stages ?? []) console.log(`  ${(st.share * 100).toFixed(1).padStart(5)}%  ${st.stage}`);
      console.log("  self:");
      for (const t of prof.topFunctions.slice(0, 20)) console.log(`  ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.fn} (${t.where})`);
      console.log("  inclusive:");
      for (const t of (prof.inclusive ?? []).slice(0, 30))
        console.log(`  ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.fn} (${t.where})`);
    }
  }
  log(`wrote bench/.work/${args.profile ? "render-cpu-profile.json" : "render-cpu.json"}`);
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`[render] ERROR: ${(err as Error).stack ?? err}`);
} finally {
  await cleanup();
}
process.exit(code);
