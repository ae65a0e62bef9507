import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import type { SoakReport } from "./soak-run";
import { processLabel, type SeriesResult } from "./soak-series";
import type { SeriesKind } from "./soak-slope";

/**
 * The soak's plot: one panel per kind of series (each process's RSS, live heap, event-loop delay p99 and open handles;
 * the app's database connections by kind; the cores the app, PostgreSQL and other people's work used; the load's p50
 * and p99 per window) against minutes, the warm-up shaded, and each tested series' fitted line dashed. Drawn by
 * Vega-Lite and rendered to SVG by Vega in Node, without a browser or a canvas (docs/decisions/0038-soak-charts.md).
 */

interface Row {
  t: number;
  value: number;
  series: string;
}

const PANELS: { title: string; kinds: SeriesKind[]; rows: (r: SoakReport, instances: number) => Row[] }[] = [
  { title: "RSS (MB)", kinds: ["rss"], rows: (r, n) => perProcess(r, n, (p) => p.rssMb) },
  { title: "Live heap: in use after the last full GC (MB)", kinds: ["heap"], rows: (r, n) => perProcess(r, n, (p) => p.liveHeapMb) },
  { title: "Event-loop delay p99 (ms)", kinds: ["eventLoopP99"], rows: (r, n) => perProcess(r, n, (p) => p.eventLoopP99Ms) },
  { title: "Open handles", kinds: ["handles"], rows: (r, n) => perProcess(r, n, (p) => p.handles) },
  {
    title: "PostgreSQL connections of the app",
    kinds: ["dbConnections"],
    rows: (r) =>
      r.samples.flatMap((s) => [
        { t: s.t, value: s.db.total, series: "all" },
        ...Object.entries(s.db.byName).map(([name, n]) => ({ t: s.t, value: n, series: name })),
      ]),
  },
  {
    // Not tested: what each window's latency had to share the machine with.
    title: "Cores used per window (the machine is shared)",
    kinds: [],
    rows: (r) =>
      r.samples.flatMap((s) => [
        { t: s.t, value: s.load.cores.app ?? 0, series: "app" },
        { t: s.t, value: s.load.cores.postgres ?? 0, series: "PostgreSQL" },
        { t: s.t, value: s.load.cores.other ?? 0, series: "other people's work" },
      ]),
  },
  {
    title: "Load: latency per window (ms)",
    kinds: ["p99"],
    rows: (r) =>
      r.samples.flatMap((s) => [
        { t: s.t, value: s.load.p99, series: "p99" },
        { t: s.t, value: s.load.p50, series: "p50" },
      ]),
  },
];

function perProcess(r: SoakReport, instances: number, value: (p: SoakReport["samples"][number]["processes"][number]) => number): Row[] {
  return r.samples.flatMap((s) => s.processes.map((p) => ({ t: s.t, value: value(p), series: processLabel(p, instances) })));
}

/** A tested series' name in its panel: the process ("web 4242"), "all" connections, or "p99". */
function seriesName(s: SeriesResult): string {
  if (s.of === "database") return "all";
  if (s.of === "load") return "p99";
  return s.label.slice(0, s.label.indexOf(":"));
}

export function soakPlotSpec(report: SoakReport): TopLevelSpec {
  const instances = new Set(report.samples.flatMap((s) => s.processes.map((p) => p.instance))).size;
  const measured = report.series.find((s) => s.fit)?.fit?.from.t ?? 0;
  const x = { field: "t", type: "quantitative" as const, title: "minutes", scale: { domainMin: 0 } };
  const failing = report.failures.length ? `FAILED (${report.failures.length})` : "passed";
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: `Soak ${report.startedAt.slice(0, 10)}: ${report.topology.label}, ${report.args.connections} connections, ${report.args.minutes} min, ${failing}`,
      subtitle: "shaded: warm-up, not tested; dashed: least-squares line over the measured samples",
    },
    config: { font: "sans-serif", legend: { orient: "right", labelLimit: 220 } },
    resolve: { scale: { color: "independent" } },
    vconcat: PANELS.map((panel) => {
      const fits = report.series
        .filter((s) => panel.kinds.includes(s.kind) && s.fit)
        .flatMap((s) => [
          { t: s.fit!.from.t, value: s.fit!.from.y, series: seriesName(s) },
          { t: s.fit!.to.t, value: s.fit!.to.y, series: seriesName(s) },
        ]);
      return {
        title: panel.title,
        width: 720,
        height: 140,
        layer: [
          {
            data: { values: [{ from: 0, to: measured }] },
            mark: { type: "rect", color: "#eeeeee" },
            encoding: { x: { field: "from", type: "quantitative" }, x2: { field: "to" } },
          },
          {
            data: { values: panel.rows(report, instances) },
            mark: { type: "line", point: { size: 12 }, strokeWidth: 1.5 },
            encoding: {
              x,
              y: { field: "value", type: "quantitative", title: null, scale: { zero: false } },
              color: { field: "series", type: "nominal", title: null },
            },
          },
          {
            data: { values: fits },
            mark: { type: "line", strokeDash: [6, 4], strokeWidth: 1 },
            encoding: { x, y: { field: "value", type: "quantitative" }, color: { field: "series", type: "nominal" } },
          },
        ],
      };
    }),
  } as TopLevelSpec;
}

/** The plot as an SVG document. */
export async function soakPlotSvg(report: SoakReport): Promise<string> {
  const view = new View(parse(compile(soakPlotSpec(report)).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
