import { describe, expect, it } from "vitest";
import { type ProcessSample, parseProcessMetrics } from "./soak-sample";
import { evaluateSeries, processChanges, type SoakSample } from "./soak-series";
import { BOUNDS, fitLine, judge, measuredSamples, t95 } from "./soak-slope";

/** A deterministic jitter in [-1, 1] (no Math.random: the verdicts must not flake). */
const jitter = (i: number) => Math.sin(i * 12.9898) * 0.999;

describe("the soak's slope rule", () => {
  it("fits a straight line exactly, with a zero-width interval", () => {
    const fit = fitLine(Array.from({ length: 10 }, (_, i) => ({ t: i, y: 2 + 3 * i })))!;
    expect(fit.slope).toBeCloseTo(3, 10);
    expect(fit.slopeLow).toBeCloseTo(3, 10);
    expect(fit.slopeHigh).toBeCloseTo(3, 10);
    expect(fit.growth).toBeCloseTo(27, 10);
    expect(fit.from.y).toBeCloseTo(2, 10);
    expect(fit.to.y).toBeCloseTo(29, 10);
    expect(
      fitLine([
        { t: 0, y: 1 },
        { t: 1, y: 2 },
      ]),
    ).toBeUndefined();
    // A sample that could not be read is left out.
    const gap = fitLine([...Array.from({ length: 10 }, (_, i) => ({ t: i, y: 2 + 3 * i })), { t: 10, y: Number.NaN }])!;
    expect(gap.n).toBe(10);
    expect(gap.slope).toBeCloseTo(3, 10);
  });

  it("fits latencies on time and on other people's CPU: a background that rose halfway is not a trend", () => {
    // p99 = 50 ms + 130 ms per core of other work, no growth of its own; the others start at minute 24.
    const points = Array.from({ length: 96 }, (_, i) => {
      const other = i < 48 ? 0.05 : 0.85;
      return { t: i * 0.5, y: 50 + 130 * other + jitter(i) * 8, other };
    });
    const plain = judge(fitLine(points.map(({ t, y }) => ({ t, y }))), BOUNDS.soak.p99, "ms");
    const fitted = fitLine(points)!;
    expect(plain.pass).toBe(false);
    expect(fitted.perOtherCore).toBeCloseTo(130, -1);
    expect(judge(fitted, BOUNDS.soak.p99, "ms").pass).toBe(true);
  });

  it("uses Student's t for few samples and tends to 1.96", () => {
    expect(t95(1)).toBe(12.706);
    expect(t95(30)).toBe(2.042);
    expect(t95(40)).toBeCloseTo(2.021, 2);
    expect(t95(1000)).toBeCloseTo(1.962, 2);
  });

  const bound = BOUNDS.soak.rss; // 10 % and 16 MB
  const series = (f: (i: number) => number, n = 96) => Array.from({ length: n }, (_, i) => ({ t: i * 0.5, y: f(i) }));

  it("fails a steady leak: 1 MB a minute on 150 MB over 48 minutes", () => {
    const verdict = judge(fitLine(series((i) => 150 + i * 0.5 + jitter(i) * 3)), bound, "MB");
    expect(verdict.pass).toBe(false);
    expect(verdict.why).toMatch(/^grows \+4\d\.\d+ MB/);
  });

  it("passes a flat series with noise, and a falling one", () => {
    expect(judge(fitLine(series((i) => 150 + jitter(i) * 20)), bound, "MB").pass).toBe(true);
    expect(judge(fitLine(series((i) => 200 - i)), bound, "MB").pass).toBe(true);
  });

  it("passes a real but small creep (under either bound)", () => {
    // +4.75 MB over the run: real (no noise at all) but under 16 MB and under 10 %.
    const creep = judge(fitLine(series((i) => 150 + i * 0.05)), bound, "MB");
    expect(creep.pass).toBe(true);
    expect(creep.why).toContain("within the bound");
  });

  it("passes a large tilt that noise explains (the slope's interval contains 0)", () => {
    const few = [150, 300, 120, 330, 140].map((y, i) => ({ t: i, y }));
    const verdict = judge(fitLine(few), bound, "MB");
    expect(verdict.pass).toBe(true);
    expect(verdict.why).toContain("not beyond noise");
  });

  it("drops the first fifth of the samples as warm-up", () => {
    expect(measuredSamples(Array.from({ length: 120 }, (_, i) => i))[0]).toBe(24);
    expect(measuredSamples([1, 2, 3, 4, 5, 6])).toEqual([3, 4, 5, 6]);
  });
});

describe("the soak's series", () => {
  const proc = (role: string, pid: number, rssMb: number): ProcessSample => ({
    key: `1/${role}/${pid}`,
    instance: 1,
    role,
    pid,
    rssMb,
    heapUsedMb: 50 + jitter(pid + rssMb),
    liveHeapMb: 40 + jitter(pid + rssMb),
    eventLoopP99Ms: 20 + jitter(rssMb),
    handles: 12,
    heapTotalMb: 120,
    externalMb: 20,
  });
  const sample = (i: number, processes: ProcessSample[]): SoakSample => ({
    index: i,
    t: (i + 1) * 0.5,
    load: {
      requests: 3000,
      perSecond: 100,
      p50: 10,
      p95: 60,
      p99: 100 + jitter(i) * 10,
      max: 200,
      badStatuses: 0,
      socketErrors: 0,
      timeouts: 0,
      statuses: { 200: 3000 },
      acked: {},
      skipped: {},
      cores: { wrk: 0.02, machine: 1.5 },
    },
    processes,
    db: { total: 12 + Math.round(jitter(i)), byName: {} },
  });

  it("fails only the process that grows", () => {
    const samples = Array.from({ length: 120 }, (_, i) =>
      sample(i, [
        proc("primary", 10, 160 + jitter(i)),
        proc("web", 11, 400 + i * 0.5 + jitter(i) * 4),
        proc("web", 12, 400 + jitter(i) * 4),
      ]),
    );
    const results = evaluateSeries(samples, "soak");
    expect(results).toHaveLength(3 * 4 + 2);
    expect(results.filter((r) => !r.verdict.pass).map((r) => r.label)).toEqual(["web 11: RSS"]);
    expect(processChanges(samples)).toEqual([]);
  });

  it("reports a process replaced during the run (a new pid: its memory started again)", () => {
    const samples = Array.from({ length: 10 }, (_, i) => sample(i, [proc("primary", 10, 160), proc("web", i < 5 ? 11 : 13, 400)]));
    expect(processChanges(samples)).toEqual([
      "process 1/web/11 missing from the sample at 3.0 min (it stopped or did not answer)",
      "process 1/web/13 appeared at 3.0 min (a replacement?)",
    ]);
  });

  it("reads the figures of each process from /metrics/processes", () => {
    const text = [
      "# HELP process_resident_memory_bytes Resident memory size in bytes.",
      "# TYPE process_resident_memory_bytes gauge",
      'process_resident_memory_bytes{process="primary",pid="100"} 167772160',
      'process_resident_memory_bytes{process="web",pid="101"} 419430400',
      'nodejs_heap_size_used_bytes{process="web",pid="101"} 104857600',
      'pleazure_heap_after_gc_bytes{process="web",pid="101"} 62914560',
      'nodejs_eventloop_lag_p99_seconds{process="web",pid="101"} 0.02154',
      'nodejs_active_handles_total{process="web",pid="101"} 13',
      'nodejs_active_handles{type="Socket",process="web",pid="101"} 9',
      'nodejs_heap_size_total_bytes{process="web",pid="101"} 209715200',
      'nodejs_external_memory_bytes{process="web",pid="101"} 52428800',
    ].join("\n");
    expect(parseProcessMetrics(text, 1)).toEqual([
      {
        key: "1/primary/100",
        instance: 1,
        role: "primary",
        pid: 100,
        rssMb: 160,
        heapUsedMb: 0,
        liveHeapMb: 0,
        eventLoopP99Ms: 0,
        handles: 0,
        heapTotalMb: 0,
        externalMb: 0,
      },
      {
        key: "1/web/101",
        instance: 1,
        role: "web",
        pid: 101,
        rssMb: 400,
        heapUsedMb: 100,
        liveHeapMb: 60,
        eventLoopP99Ms: 21.54,
        handles: 13,
        heapTotalMb: 200,
        externalMb: 50,
      },
    ]);
  });
});
