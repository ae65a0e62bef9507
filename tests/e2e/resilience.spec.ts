import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { paths } from "../../core/paths";
import { postmasterPid, startEmbeddedPostgres } from "../../server/db/embedded";
import { isProcessAlive } from "../../server/process";
import { type AppProcess, errorLines, pollStatuses, startApp, workerPids } from "../support/app-process";

// Each test starts its own production server (primary + workers) and breaks it on purpose.
test.describe.configure({ mode: "serial", timeout: 180_000 });

let app: AppProcess | undefined;
test.afterEach(async ({ browserName: _ }, info) => {
  if (info.status !== info.expectedStatus) console.log(app?.log()); // the server's side of a failure
  await app?.stop();
  app = undefined;
});

test("serves with one worker per core by default and replaces a worker that dies", async () => {
  app = await startApp();
  const cores = os.availableParallelism();
  const before = await workerPids(app.origin);
  expect(before.size).toBe(cores);

  const victim = [...before][0] as number;
  process.kill(victim, "SIGKILL");
  let after = new Set<number>();
  await expect
    .poll(
      async () => {
        // A connection the primary handed to the worker as it died gets no answer (Node's cluster loses
        // it): that round simply does not count.
        after = await workerPids(app?.origin as string, 20).catch(() => new Set<number>());
        return after.size === cores && !after.has(victim);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(errorLines(app.log()).join("\n")).toContain("a worker stopped unexpectedly");
});

test("WEB_CONCURRENCY sets the worker count", async () => {
  app = await startApp({ WEB_CONCURRENCY: "3" });
  expect((await workerPids(app.origin, 60)).size).toBe(3);
});

test("a killed embedded PostgreSQL is restarted: 503 with Retry-After meanwhile, pages again within 5 s, never a 500", async () => {
  app = await startApp();
  const dir = path.join(app.dataDir, "postgres");
  const pid = postmasterPid(dir);
  expect(isProcessAlive(pid)).toBe(true);

  const killedAt = Date.now();
  process.kill(pid, "SIGKILL");
  const seen = await pollStatuses(`${app.origin}/`, {
    since: killedAt,
    timeoutMs: 10_000,
    until: (status, all) => status === 200 && all.length > 1,
  });
  const statuses = seen.map((s) => s.status);
  expect(
    statuses.every((s) => s === 200 || s === 503),
    JSON.stringify(statuses),
  ).toBe(true);
  expect(seen.at(-1)?.status).toBe(200);
  expect(seen.at(-1)?.at).toBeLessThan(5_000);
  for (const s of seen.filter((x) => x.status === 503)) {
    expect(s.retryAfter).toBe("5");
    expect(s.body).toContain("We'll be right back");
  }
  // A new postmaster, and the catalogue survived the crash.
  expect(postmasterPid(dir)).not.toBe(pid);
  expect(seen.at(-1)?.body).toContain("Latest Videos");
  expect(errorLines(app.log()).join("\n")).toContain("embedded PostgreSQL stopped unexpectedly");
});

test("an external DATABASE_URL server that goes away and comes back: 503 meanwhile, pages again within 5 s", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-external-pg-"));
  let pg = await startEmbeddedPostgres(path.join(dir, "pg"));
  try {
    app = await startApp({ DATABASE_URL: pg.url("postgres") });
    expect((await fetch(`${app.origin}${paths.home()}`)).status).toBe(200);

    await pg.stop();
    const down = await pollStatuses(`${app.origin}/`, { since: Date.now(), timeoutMs: 2_000, until: () => false });
    expect(down.map((s) => s.status).every((s) => s === 503)).toBe(true);
    expect(down.at(-1)?.retryAfter).toBe("5");

    pg = await startEmbeddedPostgres(path.join(dir, "pg"), { port: pg.port });
    const back = await pollStatuses(`${app.origin}/`, { since: Date.now(), timeoutMs: 10_000, until: (s) => s === 200 });
    expect(back.every((s) => s.status === 200 || s.status === 503)).toBe(true);
    expect(back.at(-1)?.status).toBe(200);
    expect(back.at(-1)?.at).toBeLessThan(5_000);
  } finally {
    await app?.stop();
    app = undefined;
    if (isProcessAlive(pg.pid)) await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("SIGTERM while 10 clients browse: every request in flight finishes, exit 0 within 10 s, PostgreSQL stopped, no error logged", async () => {
  app = await startApp();
  const origin = app.origin;
  const pgPid = postmasterPid(path.join(app.dataDir, "postgres"));
  const pages = [
    paths.home(),
    paths.category("amateur"),
    paths.search({ q: "golden" }),
    paths.blog(),
    paths.faq(),
    paths.login(),
    paths.video("00000000-0000-4000-8000-000000000000"),
  ];
  const result = { answered: 0, refused: 0, broken: [] as string[], statuses: new Set<number>() };
  let browsing = true;
  const client = async (offset: number) => {
    for (let n = offset; browsing; n++) {
      try {
        const res = await fetch(`${origin}${pages[n % pages.length]}`);
        await res.arrayBuffer();
        result.answered++;
        result.statuses.add(res.status);
      } catch (err) {
        const code = String((err as { cause?: { code?: string } }).cause?.code ?? err);
        // A connection the stopped server no longer accepts is not a request in flight.
        if (code === "ECONNREFUSED") {
          result.refused++;
          await new Promise((r) => setTimeout(r, 50));
        } else result.broken.push(code);
      }
    }
  };
  const clients = Array.from({ length: 10 }, (_, i) => client(i));
  // Browsing for real before the signal: a slow machine's fresh server needs longer than a fast one's for as many pages.
  await expect.poll(() => result.answered, { timeout: 20_000 }).toBeGreaterThan(20);

  const signalledAt = Date.now();
  app.child.kill("SIGTERM");
  const exit = await app.exited;
  const tookMs = Date.now() - signalledAt;
  browsing = false;
  await Promise.all(clients);

  expect(result.broken).toEqual([]);
  expect(result.answered).toBeGreaterThan(20);
  expect([...result.statuses].every((s) => s < 500)).toBe(true);
  expect(exit).toEqual({ code: 0, signal: null });
  expect(tookMs).toBeLessThan(10_000);
  expect(isProcessAlive(pgPid)).toBe(false);
  expect(errorLines(app.log())).toEqual([]);
});
