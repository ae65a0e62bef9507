import { outStem } from "./args";
import { MIX_WEIGHTS, type MixWeights } from "./loadtest-mix";
import { TOPOLOGIES, type TopologyName } from "./loadtest-topology";

/** Command-line flags of `npm run loadtest -- [flags]`. */
export interface LoadTestArgs {
  topologies: TopologyName[];
  /** Rising concurrency: wrk connections per step. */
  steps: number[];
  /** Measured seconds per step. */
  duration: number;
  /** Seconds of the mix (reads only) before the first step, not recorded. */
  warmup: number;
  /** Signed-in users that like and comment (each at most 10 comments a minute: the site's limit). */
  users: number;
  /** Live ad feed streams held open during the steps. */
  sse: number;
  threads: number;
  /** The step's limit: a p99 above this (ms) or any error ends the rise. */
  p99Limit: number;
  /** Play tokens per step are sized for this many requests/s (the views' share of it). */
  maxRps: number;
  /** The mix's weights (percent of requests), MIX_WEIGHTS unless changed with --weight kind=N. */
  weights: MixWeights;
  /** Measure the bare node:http floor with the same script (the generator's own ceiling). */
  floor: boolean;
  skipBuild: boolean;
  /** Before each topology, wait up to this many seconds for other processes to use under half a core. */
  waitIdle: number;
  out?: string;
}

const HELP = `npm run loadtest -- [flags]
  --topologies LIST  which of ${Object.keys(TOPOLOGIES).join(",")} (default: all three)
  --steps LIST       wrk connections per step, rising (default 1,2,4,8,16,32,64,128)
  --duration S       measured seconds per step (default 10)
  --warmup S         unrecorded seconds of reads before the first step (default 3)
  --users N          signed-in users writing likes and comments (default 300)
  --sse N            live ad feed streams held open through the steps (default 50)
  --threads N        wrk threads (default 1: the fewest cores taken from the site)
  --p99 MS           the limit: a step over this p99, or with any error, ends the rise (default 250)
  --max-rps N        play tokens per step are sized for this rate (default 5000)
  --weight KIND=N    change one weight of the mix (repeatable; kinds: ${Object.keys(MIX_WEIGHTS).join(", ")})
  --no-floor         skip the bare node:http floor run
  --skip-build       reuse bench/.work/build
  --wait-idle S      before each topology, wait up to S s for other processes to use < 0.5 cores (default 0)
  --out NAME         results file stem under bench/results (default YYYY-MM-DD-loadtest)`;

function positive(flag: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n <= 0) throw new Error(`${flag} needs a positive integer, got ${raw ?? "nothing"}`);
  return n;
}

export function parseLoadTestArgs(argv: string[]): LoadTestArgs {
  const args: LoadTestArgs = {
    topologies: Object.keys(TOPOLOGIES) as TopologyName[],
    steps: [1, 2, 4, 8, 16, 32, 64, 128],
    duration: 10,
    warmup: 3,
    users: 300,
    sse: 50,
    threads: 1,
    p99Limit: 250,
    maxRps: 5000,
    weights: { ...MIX_WEIGHTS },
    floor: true,
    skipBuild: false,
    waitIdle: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--topologies": {
        const list = (value() ?? "").split(",");
        for (const t of list) if (!(t in TOPOLOGIES)) throw new Error(`unknown topology ${t}\n${HELP}`);
        args.topologies = list as TopologyName[];
        break;
      }
      case "--steps":
        args.steps = (value() ?? "").split(",").map((s) => positive(flag, s));
        if (args.steps.some((s, j) => j > 0 && s <= args.steps[j - 1]!)) throw new Error("--steps must rise");
        break;
      case "--duration":
        args.duration = positive(flag, value());
        if (args.duration < 4) throw new Error("--duration needs at least 4 s (writes stop 2 s before a step ends)");
        break;
      case "--warmup": {
        const raw = value();
        args.warmup = raw === "0" ? 0 : positive(flag, raw);
        break;
      }
      case "--users":
        args.users = positive(flag, value());
        break;
      case "--sse": {
        const raw = value();
        args.sse = raw === "0" ? 0 : positive(flag, raw);
        break;
      }
      case "--threads":
        args.threads = positive(flag, value());
        break;
      case "--p99":
        args.p99Limit = positive(flag, value());
        break;
      case "--max-rps":
        args.maxRps = positive(flag, value());
        break;
      case "--weight": {
        const [kind, n] = (value() ?? "").split("=");
        if (!kind || !(kind in MIX_WEIGHTS) || !/^\d+$/.test(n ?? "")) throw new Error(`--weight needs KIND=N\n${HELP}`);
        args.weights[kind as keyof MixWeights] = Number(n);
        break;
      }
      case "--no-floor":
        args.floor = false;
        break;
      case "--wait-idle": {
        const raw = value();
        args.waitIdle = raw === "0" ? 0 : positive(flag, raw);
        break;
      }
      case "--skip-build":
        args.skipBuild = true;
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
  return args;
}
