import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "../../core/locales";
/** Command-line flags of `npm run bench -- [flags]`. */
export interface BenchArgs {
  videos: number;
  /** Measured seconds per route (HTTP) and per page (raw SQL). */
  duration: number;
  /** Warm-up seconds before each measurement (not recorded). */
  warmup: number;
  /** Concurrent connections (HTTP) and concurrent workers (raw SQL). */
  connections: number;
  /** Reuse bench/.work/build from an earlier run instead of rebuilding. */
  skipBuild: boolean;
  /** Skip the raw SQL baseline (faster; the app/raw ratios are then missing). */
  skipRaw: boolean;
  /**
   * Rounds of issue 20's comparison: the HTTP floor, then each cached page with hits before Express and through
   * it (a second app, PAGE_CACHE_HITS=express), in turn; 0 skips it.
   */
  floorRounds: number;
  /** Seconds of a second, single-connection pass per route (service time without queueing); 0 skips it. */
  singleDuration: number;
  /** Profile mode: one fresh server per route under `node --cpu-prof`; writes a CPU breakdown, not results. */
  profile: boolean;
  /** Wait up to this many seconds for other processes to leave the machine idle before loading (0: don't wait). */
  waitIdle: number;
  /** Re-measure a route up to N times while other processes keep the machine busy; the quietest attempt counts. */
  retries: number;
  /** Results file name stem (default: the date, plus the catalogue size when it is not 100k). */
  out?: string;
  /** Also run Lighthouse on the same build afterwards (bench/lighthouse.ts); 0 skips it. Runs per page. */
  lighthouseRuns: number;
  /** Plays for the player's time to first frame (bench/lib/ttff.ts), cold and warm each; 0 skips it. */
  ttffRuns: number;
  /** Also load every page route at this language's addresses (`/de/…`), in the same run as the English rows. */
  locale?: Locale;
}

const HELP = `npm run bench -- [flags]
  --videos N        public videos in the synthetic catalogue (default 100000; 1000000 for the search target)
  --duration S      measured seconds per route and per raw-SQL page (default 10)
  --warmup S        warm-up seconds before each measurement (default 3)
  --connections N   concurrent HTTP connections / raw-SQL workers (default 10)
  --skip-build      reuse bench/.work/build from an earlier run
  --skip-raw        skip the raw SQL baseline
  --floor-rounds N  rounds of the HTTP floor vs the cached pages, hits before Express and through it (default 2; 0 skips)
  --single S        seconds of the extra 1-connection pass per route (default 5; 0 skips it)
  --wait-idle S     wait up to S seconds for the machine to be idle (other processes < 0.25 cores) before loading
  --retries N       re-measure a route up to N times when other processes used > 0.25 cores during it (default 2)
  --profile         CPU-profile the server per route (node --cpu-prof) instead of recording results
  --out NAME        results file stem under bench/results (default YYYY-MM-DD[-<size>])
  --ttff N          player time-to-first-frame plays, each cold and after a hover (default 5; 0 skips it)
  --locale L        also load every page route at language L's addresses (de, fr, es, pt-BR, ja, ar), same run
  --lighthouse N    afterwards, Lighthouse on the same build, N runs per page (as npm run bench:lighthouse; default 0: skip)`;

function positiveNumber(flag: string, raw: string | undefined, integer: boolean): number {
  const value = Number(raw?.replace(/_/g, ""));
  if (!raw || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${flag} needs a positive ${integer ? "integer" : "number"}, got ${raw ?? "nothing"}`);
  }
  return value;
}

/** `--out NAME`: a results file stem under bench/results, nothing that could leave that folder. */
export function outStem(raw: string | undefined): string {
  if (!raw || !/^[\w.-]+$/.test(raw)) throw new Error("--out needs a file name stem ([A-Za-z0-9_.-])");
  return raw;
}

export function parseArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = {
    videos: 100_000,
    duration: 10,
    warmup: 3,
    connections: 10,
    skipBuild: false,
    skipRaw: false,
    floorRounds: 2,
    singleDuration: 5,
    profile: false,
    waitIdle: 0,
    retries: 2,
    lighthouseRuns: 0,
    ttffRuns: 5,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--videos":
        args.videos = positiveNumber(flag, value(), true);
        break;
      case "--duration":
        args.duration = positiveNumber(flag, value(), false);
        break;
      case "--warmup": {
        const raw = value();
        args.warmup = raw === "0" ? 0 : positiveNumber(flag, raw, false);
        break;
      }
      case "--single": {
        const raw = value();
        args.singleDuration = raw === "0" ? 0 : positiveNumber(flag, raw, false);
        break;
      }
      case "--wait-idle": {
        const raw = value();
        args.waitIdle = raw === "0" ? 0 : positiveNumber(flag, raw, false);
        break;
      }
      case "--retries": {
        const raw = value();
        args.retries = raw === "0" ? 0 : positiveNumber(flag, raw, true);
        break;
      }
      case "--ttff": {
        const raw = value();
        args.ttffRuns = raw === "0" ? 0 : positiveNumber(flag, raw, true);
        break;
      }
      case "--lighthouse":
        args.lighthouseRuns = positiveNumber(flag, value(), true);
        break;
      case "--profile":
        args.profile = true;
        break;
      case "--connections":
        args.connections = positiveNumber(flag, value(), true);
        break;
      case "--skip-build":
        args.skipBuild = true;
        break;
      case "--skip-raw":
        args.skipRaw = true;
        break;
      case "--floor-rounds": {
        const raw = value();
        args.floorRounds = raw === "0" ? 0 : positiveNumber(flag, raw, true);
        break;
      }
      case "--out":
        args.out = outStem(value());
        break;
      case "--locale": {
        const raw = value();
        if (!isLocale(raw) || raw === DEFAULT_LOCALE)
          throw new Error(`--locale needs one of ${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join(", ")}, got ${raw}`);
        args.locale = raw;
        break;
      }
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

/** `--name N` of a diagnostic script (bench/co-views.ts, search-plans.ts, write-cost.ts), else `dflt`. */
export function numberFlag(argv: readonly string[], name: string, dflt: number): number {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
}
