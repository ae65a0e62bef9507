import { outStem } from "./args";
import { MIX_WEIGHTS, type MixWeights } from "./loadtest-mix";
import { TOPOLOGIES, type TopologyName } from "./loadtest-topology";
import { SEED_COMMENTS } from "./soak-prepare";
import { BOUNDS, type BoundsProfile, SHORT_RUN_MINUTES } from "./soak-slope";

/**
 * The knee of each topology in the load test's recorded figures (docs/benchmarks.md "Issue 21: load test", after
 * commit e7d192b: bench/results/2026-11-26-loadtest-after.md): the connections of the last step within p99 ≤ 250 ms;
 * past it p99 climbs over the limit and throughput rises no more. The soak runs at half of it by default.
 */
export const KNEE: Record<TopologyName, number> = { embedded: 4, "external-1": 8, "external-2": 4 };

/** Command-line flags of `npm run soak -- [flags]`. */
export interface SoakArgs {
  topology: TopologyName;
  /** wrk connections, all through the run. */
  connections: number;
  minutes: number;
  /** One wrk window and one sample of every process and of the database per this many seconds. */
  sampleSeconds: number;
  users: number;
  sse: number;
  /** Live feeds closed and opened anew before each window (soak-feeds.ts). */
  rotateFeeds: number;
  threads: number;
  weights: MixWeights;
  /** Top-level comments every visited video has before the run (soak-prepare.ts); 0 leaves the content as it is. */
  seedComments: number;
  bounds: BoundsProfile;
  skipBuild: boolean;
  /** The production build to run (built there unless --skip-build finds one). */
  buildDir: string;
  /** Relative to the project (or absolute). */
  resultsDir: string;
  waitIdle: number;
  out?: string;
}

const HELP = `npm run soak -- [flags]
  --minutes N          length of the run (default 60)
  --sample-seconds S   one wrk window and one sample per S seconds (default 30)
  --connections N      wrk connections (default: half the topology's knee, ${Object.entries(KNEE)
    .map(([t, k]) => `${t} ${Math.max(1, Math.floor(k / 2))}`)
    .join(", ")})
  --topology NAME      ${Object.keys(TOPOLOGIES).join(", ")} (default embedded: npm start, with its jobs worker)
  --users N            signed-in users writing likes and comments (default 300)
  --sse N              live ad feed streams open through the run (default 50)
  --rotate-feeds N     of those, close N and open N new ones before each window (default 5; 0: hold them all)
  --threads N          wrk threads (default 1)
  --weight KIND=N      change one weight of the mix (repeatable; kinds: ${Object.keys(MIX_WEIGHTS).join(", ")})
  --seed-comments N    top every video up to N comments before the run, so pages keep their size (default ${SEED_COMMENTS}; 0: off)
  --bounds NAME        growth bounds: soak or short (default: short under ${SHORT_RUN_MINUTES} minutes, soak otherwise)
  --skip-build         reuse the build in --build-dir when there is one
  --build-dir DIR      the production build to run (default bench/.work/build)
  --results-dir DIR    where the .md, .json and .svg go (default bench/results)
  --wait-idle S        wait up to S s for other processes to use < 0.5 cores before starting (default 0)
  --out NAME           results file stem (default YYYY-MM-DD-soak)`;

function positive(flag: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n <= 0) throw new Error(`${flag} needs a positive integer, got ${raw ?? "nothing"}`);
  return n;
}

function zeroOrMore(flag: string, raw: string | undefined): number {
  return raw === "0" ? 0 : positive(flag, raw);
}

export function parseSoakArgs(argv: string[]): SoakArgs {
  const args: Omit<SoakArgs, "connections" | "bounds"> & { connections?: number; bounds?: BoundsProfile } = {
    topology: "embedded",
    minutes: 60,
    sampleSeconds: 30,
    users: 300,
    sse: 50,
    rotateFeeds: 5,
    threads: 1,
    weights: { ...MIX_WEIGHTS },
    seedComments: SEED_COMMENTS,
    skipBuild: false,
    buildDir: "bench/.work/build",
    resultsDir: "bench/results",
    waitIdle: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--minutes":
        args.minutes = positive(flag, value());
        break;
      case "--sample-seconds":
        args.sampleSeconds = positive(flag, value());
        // wrk needs a few seconds: writes stop 2 s before a window ends (bench/loadtest-mix.lua).
        if (args.sampleSeconds < 5) throw new Error("--sample-seconds needs at least 5");
        break;
      case "--connections":
        args.connections = positive(flag, value());
        break;
      case "--topology": {
        const name = value() ?? "";
        if (!(name in TOPOLOGIES)) throw new Error(`unknown topology ${name}\n${HELP}`);
        args.topology = name as TopologyName;
        break;
      }
      case "--users":
        args.users = positive(flag, value());
        break;
      case "--sse":
        args.sse = zeroOrMore(flag, value());
        break;
      case "--rotate-feeds":
        args.rotateFeeds = zeroOrMore(flag, value());
        break;
      case "--threads":
        args.threads = positive(flag, value());
        break;
      case "--weight": {
        const [kind, n] = (value() ?? "").split("=");
        if (!kind || !(kind in MIX_WEIGHTS) || !/^\d+$/.test(n ?? "")) throw new Error(`--weight needs KIND=N\n${HELP}`);
        args.weights[kind as keyof MixWeights] = Number(n);
        break;
      }
      case "--seed-comments":
        args.seedComments = zeroOrMore(flag, value());
        break;
      case "--bounds": {
        const name = value() ?? "";
        if (!(name in BOUNDS)) throw new Error(`--bounds is one of ${Object.keys(BOUNDS).join(", ")}`);
        args.bounds = name as BoundsProfile;
        break;
      }
      case "--skip-build":
        args.skipBuild = true;
        break;
      case "--build-dir":
        args.buildDir = value() ?? "";
        if (!args.buildDir) throw new Error("--build-dir needs a directory");
        break;
      case "--results-dir":
        args.resultsDir = value() ?? "";
        if (!args.resultsDir) throw new Error("--results-dir needs a directory");
        break;
      case "--wait-idle":
        args.waitIdle = zeroOrMore(flag, value());
        break;
      case "--out":
        args.out = outStem(value());
        break;
      case "--help":
      case "-h":
        console.log(HELP);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown flag ${flag}\n${HELP}`);
    }
  }
  if (args.minutes * 60 < args.sampleSeconds * 5) throw new Error("--minutes must hold at least 5 samples of --sample-seconds");
  return {
    ...args,
    connections: args.connections ?? Math.max(1, Math.floor(KNEE[args.topology] / 2)),
    bounds: args.bounds ?? (args.minutes < SHORT_RUN_MINUTES ? "short" : "soak"),
  };
}
