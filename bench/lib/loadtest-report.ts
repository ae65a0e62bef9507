import type { LoadTestArgs } from "./loadtest-args";
import type { Acknowledged, LedgerCheck } from "./loadtest-ledger";
import type { StepResult } from "./loadtest-mix";
import type { TopologyName } from "./loadtest-topology";

export interface TopologyResult {
  name: TopologyName;
  label: string;
  workers: number;
  /** Cores other processes used just before this topology started (the machine is shared). */
  otherCoresBefore: number;
  steps: StepResult[];
  stopReason: string;
  /** The last step within the limits (p99 and no errors). */
  sustained?: { connections: number; perSecond: number; p50: number; p95: number; p99: number };
  /** The step with the most req/s, within the limits or not (on a shared machine the limit can fall first). */
  peak?: StepResult;
  sent: Acknowledged;
  ledger: LedgerCheck;
  sse: { opened: number; connected: number; held: number };
}

export interface LoadTestReport {
  startedAt: string;
  seconds: number;
  commit: string;
  machine: { cores: number; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  args: LoadTestArgs;
  mix: Record<string, number>;
  topologies: TopologyResult[];
  floor?: { connections: number; perSecond: number; p50: number; p95: number; p99: number; workers: number; cores: StepResult["cores"] };
  failures: string[];
}

export function renderLoadTest(r: LoadTestReport): string {
  const a = r.args;
  const out = [
    `# Load test ${r.startedAt.slice(0, 10)} (issue 21 item 5)`,
    "",
    `\`npm run loadtest -- --steps ${a.steps.join(",")} --duration ${a.duration} --users ${a.users} --sse ${a.sse}\` at commit ${r.commit.slice(0, 10)}, ` +
      `${r.seconds} s in all. Machine: ${r.machine.cores} cores, shared; load average ${r.machine.loadAverageAtStart.join(" ")} at the start, ` +
      `${r.machine.loadAverageAtEnd.join(" ")} at the end. wrk ${a.threads} thread(s), Debian's package, loopback.`,
    "",
    `Mix (percent of requests): ${Object.entries(r.mix)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}. Limit: p99 ≤ ${a.p99Limit} ms and no errors (statuses other than 2xx/3xx, socket errors, timeouts).`,
    "",
    "## Sustained",
    "",
    "| topology | web workers | sustained req/s | at connections | p50 ms | p95 ms | p99 ms | why the rise stopped | highest req/s of any step (connections, p99 ms) | other processes (cores) before |",
    "|---|---:|---:|---:|---:|---:|---:|---|---|---:|",
    ...r.topologies.map((t) => {
      const s = t.sustained;
      const p = t.peak;
      return `| ${t.label} | ${t.workers} | ${s ? s.perSecond.toFixed(0) : "–"} | ${s?.connections ?? "–"} | ${s?.p50 ?? "–"} | ${s?.p95 ?? "–"} | ${s?.p99 ?? "–"} | ${t.stopReason} | ${p ? `${p.perSecond.toFixed(0)} (${p.connections}, ${p.p99})` : "–"} | ${t.otherCoresBefore} |`;
    }),
    "",
  ];
  if (r.floor) {
    out.push(
      `Generator ceiling: the same script and wrk settings against a bare node:http server (${r.floor.workers} workers, the app's cached home page) at ${r.floor.connections} connections, while nothing else of the load test ran: ` +
        `**${r.floor.perSecond.toFixed(0)} req/s**, p50 ${r.floor.p50} ms, p99 ${r.floor.p99} ms (wrk ${r.floor.cores.wrk} cores, machine ${r.floor.cores.machine}).`,
      "",
    );
  }
  out.push(
    "## Nothing lost",
    "",
    "| topology | likes acked / sent / stored | comments acked / sent / stored | views counted / sent / stored (videos, categories, daily) | live ad feeds held | result |",
    "|---|---|---|---|---|---|",
  );
  for (const t of r.topologies) {
    const st = t.ledger.stored;
    const k = t.ledger.acknowledged;
    out.push(
      `| ${t.label} | ${k.likes} / ${t.sent.likes} / ${st.likeRows} (counter ${st.likeCounters}) | ${k.comments} / ${t.sent.comments} / ${st.comments} | ${k.views} / ${t.sent.views} / ${st.videoViews}, ${st.categoryViews}, ${st.dailyViews} | ${t.sse.held} of ${t.sse.opened} | ${t.ledger.differences.length ? t.ledger.differences.join("; ") : "exact"} |`,
    );
  }
  out.push("");
  for (const t of r.topologies) {
    out.push(
      `## ${t.label}`,
      "",
      "| connections | req/s | p50 ms | p95 ms | p99 ms | max ms | bad statuses | socket errors | timeouts | likes / comments / views acked | cores: wrk / app / PostgreSQL / nginx / other people's / machine | app CPU ms per request | statuses |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---|",
      ...t.steps.map(
        (s) =>
          `| ${s.connections} | ${s.perSecond.toFixed(0)} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} | ${s.badStatuses} | ${s.socketErrors} | ${s.timeouts} | ${s.acked.like ?? 0} / ${s.acked.comment ?? 0} / ${s.acked.view ?? 0} | ${s.cores.wrk} / ${s.cores.app ?? "–"} / ${s.cores.postgres ?? "–"} / ${s.cores.proxy ?? "–"} / ${s.cores.other ?? "–"} / ${s.cores.machine} | ${s.cores.app === undefined ? "–" : ((s.cores.app / Math.max(s.perSecond, 1e-9)) * 1000).toFixed(1)} | ${JSON.stringify(s.statuses)} |`,
      ),
      "",
    );
  }
  if (r.failures.length) out.push("## Failures", "", ...r.failures.map((f) => `- ${f}`), "");
  return `${out.join("\n")}\n`;
}
