import { expect, test } from "@playwright/test";
import { type ConnectionCount, FAULTS, faultProblems, faultTable, prepareFaultSite, runFault } from "../support/fault-matrix";
import { type ScaleOut, startScaleOut } from "../support/scale-out";

// Issue 31 item 2: the short cases of the fault matrix (tests/support/fault-matrix.ts) on one instance with two
// web workers and its jobs worker, behind nginx, its database link through the tests' TCP proxy. All cases,
// with the long outages: `npm run faults`.
test.describe.configure({ mode: "serial", timeout: 180_000 });

let site: ScaleOut;
let prepared: Awaited<ReturnType<typeof prepareFaultSite>>;
/** Idle connections after the previous fault: the next one's "before" (fault-matrix.ts idleConnections). */
let idle: ConnectionCount | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startScaleOut({
    instances: 1,
    databaseLink: true,
    // Every page reads the database (no micro-cache to hide the fault); the jobs worker rides it out too.
    env: { PAGE_CACHE_TTL_MS: "0", WEB_CONCURRENCY: "2", JOBS_IN_PROCESS: "true" },
  });
  prepared = await prepareFaultSite(site);
});

test.afterAll(async () => {
  await site?.stop();
});

for (const fault of FAULTS.filter((f) => f.short)) {
  test(`${fault.name}: 503 + Retry-After or 200 meanwhile, pages again within 5 s, no more connections, nothing acknowledged lost`, async () => {
    const result = await runFault(site, fault, prepared, idle);
    idle = result.connections.after;
    test.info().annotations.push({ type: fault.name, description: faultTable([result]) });
    expect(faultProblems(fault, result)).toEqual([]);
    if (fault.expect503) expect(result.statuses["503"] ?? 0).toBeGreaterThan(0);
    // The instance still runs, with every worker (no restart needed): nothing in its log says otherwise.
    expect(site.instances[0]?.log()).not.toContain("stopped unexpectedly");
  });
}
