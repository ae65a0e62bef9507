import type { SoakReport } from "./soak-run";
import { processLabel } from "./soak-series";
import { WARMUP_SHARE } from "./soak-slope";
import { round } from "./stats";

/** The soak's readable results: bench/results/<stem>.md, beside the .json (every sample) and the .svg plot. */
export function renderSoak(r: SoakReport, plotFile: string): string {
  const a = r.args;
  const instances = new Set(r.samples.flatMap((s) => s.processes.map((p) => p.instance))).size;
  const processes = r.samples[0]?.processes ?? [];
  const rates = r.samples.map((s) => s.load.perSecond);
  const requests = r.samples.reduce((sum, s) => sum + s.load.requests, 0);
  const other = r.samples.map((s) => s.load.cores.other ?? 0);
  const out = [
    `# Soak ${r.startedAt.slice(0, 10)} (issue 31 item 3): ${r.failures.length ? "**FAILED**" : "passed"}`,
    "",
    `\`npm run soak -- --minutes ${a.minutes} --sample-seconds ${a.sampleSeconds} --connections ${a.connections} --topology ${a.topology} --users ${a.users} --sse ${a.sse} --rotate-feeds ${a.rotateFeeds} --seed-comments ${a.seedComments} --bounds ${a.bounds}\` ` +
      `at commit ${r.commit.slice(0, 10)}, ${round(r.seconds / 60, 1)} min in all. ${r.topology.label}: ${r.topology.workers} web workers. ` +
      `Machine: ${r.machine.cores} cores, shared; load average ${r.machine.loadAverageAtStart.join(" ")} at the start, ${r.machine.loadAverageAtEnd.join(" ")} at the end; ` +
      `other people's work during the windows ${round(Math.min(...other), 2)}–${round(Math.max(...other), 2)} cores.`,
    "",
    `Load: the load test's mix (${Object.entries(a.weights)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}), wrk ${a.threads} thread(s), ${r.samples.length} windows of ${a.sampleSeconds} s back to back: ` +
      `${requests} requests, ${round(Math.min(...rates), 0)}–${round(Math.max(...rates), 0)} req/s per window. ` +
      `Before it, ${r.seededComments} comments topped every video up to ${a.seedComments} threads, so that its page keeps its size through the run.`,
    "",
    `![soak plot](${plotFile})`,
    "",
    "## Slopes",
    "",
    `Least-squares line over the samples after the warm-up (the first ${WARMUP_SHARE * 100} %); latencies are fitted on time and on the cores ` +
      "other people's work used in each window (the machine is shared), so their growth is at a constant background load. A series fails when " +
      "its slope's 95 % confidence interval lies above 0 **and** its growth over the measured span is above both bounds " +
      '(docs/benchmarks.md "Issue 31: soak").',
    "",
    "| series | mean | fitted first → last | growth over the measured span | 95 % CI of the growth | rise per core of other people's work | bound (% of mean, absolute) | result |",
    "|---|---:|---:|---:|---:|---:|---|---|",
    ...r.series.map((s) => {
      const f = s.fit;
      if (!f) return `| ${s.label} | – | – | – | – | – | ${s.bound.pct} %, ${s.bound.abs} ${s.unit} | ${s.verdict.why} |`;
      const span = f.to.t - f.from.t;
      const perCore = f.perOtherCore === undefined ? "–" : `${round(f.perOtherCore, 1)} ${s.unit}`;
      return `| ${s.label} | ${round(f.mean, 2)} ${s.unit} | ${round(f.from.y, 2)} → ${round(f.to.y, 2)} | ${round(f.growth, 2)} ${s.unit} (${round(f.growthPct, 1)} %) | ${round(f.slopeLow * span, 2)} to ${round(f.slopeHigh * span, 2)} | ${perCore} | ${s.bound.pct} %, ${s.bound.abs} ${s.unit} | ${s.verdict.pass ? "pass" : "**FAIL**"} |`;
    }),
    "",
    "## Nothing lost",
    "",
    `Likes acknowledged / sent / stored: ${r.ledger.acknowledged.likes} / ${r.sent.likes} / ${r.ledger.stored.likeRows} (counter ${r.ledger.stored.likeCounters}); ` +
      `comments ${r.ledger.acknowledged.comments} / ${r.sent.comments} / ${r.ledger.stored.comments}; ` +
      `views counted / sent / stored ${r.ledger.acknowledged.views} / ${r.sent.views} / ${r.ledger.stored.videoViews} (categories ${r.ledger.stored.categoryViews}, daily ${r.ledger.stored.dailyViews}): ` +
      `${r.ledger.differences.length ? r.ledger.differences.join("; ") : "exact"}. Live ad feeds held until closed: ${r.sse.held} of ${r.sse.opened} opened (${a.sse} open at a time, ${a.rotateFeeds} replaced before each window).`,
    "",
    "## Samples",
    "",
    `Per process: RSS / heap in use / live heap (after the last full GC) MB, event-loop delay p99 ms, open handles. Processes: ${processes.map((p) => processLabel(p, instances)).join(", ")}.`,
    "",
    `| min | req/s | p50 ms | p99 ms | errors | app / other cores | app CPU ms per request | db connections | ${processes.map((p) => processLabel(p, instances)).join(" | ")} |`,
    `|---:|---:|---:|---:|---:|---|---:|---:|${processes.map(() => "---|").join("")}`,
    ...r.samples.map((s) => {
      const cells = processes.map((p) => {
        const q = s.processes.find((x) => x.key === p.key);
        return q ? `${q.rssMb} / ${q.heapUsedMb} / ${q.liveHeapMb}, ${q.eventLoopP99Ms}, ${q.handles}` : "–";
      });
      const errors = s.load.badStatuses + s.load.socketErrors + s.load.timeouts;
      // CPU per request rising while latency does says the work per request grew (content), not contention.
      const cpu = s.load.cores.app === undefined ? "–" : round((s.load.cores.app / Math.max(s.load.perSecond, 1e-9)) * 1000, 1);
      return `| ${s.t.toFixed(1)} | ${s.load.perSecond} | ${s.load.p50} | ${s.load.p99} | ${errors} | ${s.load.cores.app ?? "–"} / ${s.load.cores.other ?? "–"} | ${cpu} | ${s.db.total} | ${cells.join(" | ")} |`;
    }),
    "",
  ];
  if (r.failures.length) out.push("## Failures", "", ...r.failures.map((f) => `- ${f}`), "");
  return `${out.join("\n")}\n`;
}
