import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { issuePlayToken } from "../../server/play-token";
import { busyCoresSince, exitedChildrenSeconds, machineTicks, type TreeMeter } from "./cpu";
import { runWrk } from "./http-load";
import { round } from "./stats";

/**
 * The load test's mixed profile: what share of requests each kind is (percent; the deck the Lua script cycles
 * through). Reads dominate, as on any video site: anonymous pages are an age-verified visitor's (the page
 * micro-cache serves them for 2 s); a signed-in page view is the page (the shared shell) plus the
 * /api/viewer-state request its browser then makes. Views: a played video page sends one beacon. Writes are
 * rarer (a like in 25 page views, a comment in 50: more than real sites see, so that the nothing-lost check
 * has hundreds of writes to count; every comment also empties every process's page cache, comments.ts).
 */
export const MIX_WEIGHTS = {
  home: 15,
  category: 10,
  video: 25,
  signed_in_video: 5,
  viewer_state: 5,
  search: 8,
  blog_list: 3,
  blog_post: 5,
  view: 18,
  like: 4,
  comment: 2,
} as const;
export type RequestKind = keyof typeof MIX_WEIGHTS;
export type MixWeights = Record<RequestKind, number>;

const SCRIPT = path.join(import.meta.dirname, "..", "loadtest-mix.lua");

/** The kinds in the weights' proportions, interleaved by a fixed shuffle: every window of the run sees the mix. */
export function deck(weights: MixWeights): RequestKind[] {
  const cards = Object.entries(weights).flatMap(([kind, n]) => Array<RequestKind>(n).fill(kind as RequestKind));
  let seed = 21;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

export interface Catalogue {
  categories: string[];
  /** Public videos (ids), all with a duration: their pages, likes, comments and views. */
  videos: { id: string; duration: number }[];
  searches: string[];
  blogPosts: string[];
}

export interface LoadUser {
  index: number;
  cookie: string;
  /** The person's own address (X-Forwarded-For): sign-in and comment limits are per address too. */
  ip: string;
  /** Epoch seconds of the comments sent so far (the script keeps each user under 10 a minute). */
  commentTimes: number[];
}

/** What one wrk run of the mix reported (bench/loadtest-mix.lua's done()). */
export interface MixReport {
  durationUs: number;
  requests: number;
  bytes: number;
  statuses: Record<string, number>;
  sent: Partial<Record<"read" | "signed_in_read" | "like" | "comment" | "view", number>>;
  /** Writes the deck asked for but the step had none left to send (or in the last seconds): sent as a video page instead. */
  skipped: Partial<Record<"like" | "comment" | "view", number>>;
  acked: Partial<Record<"like" | "comment" | "view" | "view_not_counted", number>>;
  likeNext: number;
  commentTimes: Record<string, string>;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { mean: number; max: number; p50: number; p95: number; p99: number };
}

/**
 * Cores used over a step: wrk, the site's parties (app processes, PostgreSQL with its backends, nginx), this
 * process (the live feeds' clients), other people's work (the rest of the machine's busy time) and the machine.
 */
export interface Cores {
  wrk: number;
  app?: number;
  postgres?: number;
  proxy?: number;
  self?: number;
  other?: number;
  machine: number;
}

export interface StepResult {
  connections: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers other than 2xx/3xx, and socket errors and timeouts. */
  badStatuses: number;
  socketErrors: number;
  timeouts: number;
  statuses: Record<string, number>;
  sent: MixReport["sent"];
  skipped: MixReport["skipped"];
  acked: MixReport["acked"];
  cores: Cores;
}

/** The visitor address of the n-th play token (its own /64: the view allowance is 5 per address per video an hour). */
function tokenAddress(n: number): string {
  return `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
}

let tokenSerial = 0;

/**
 * The step's data file: pages, users (with their comment times), play tokens and the first like pair. Tokens
 * are signed with the app's key as if issued 31 s ago (past any video's threshold, at most 30 s): the server
 * checks them exactly as a token that waited (server/play-token.ts), without the step waiting.
 */
export function writeStepData(
  file: string,
  opts: {
    origin: string;
    tag: string;
    threads: number;
    weights: MixWeights;
    catalogue: Catalogue;
    users: LoadUser[];
    likeStart: number;
    tokens: number;
    key: Buffer;
  },
): void {
  const lines = [
    `origin\t${opts.origin}`,
    `tag\t${opts.tag}`,
    `threads\t${opts.threads}`,
    `deck\t${deck(opts.weights).join(",")}`,
    `like_start\t${opts.likeStart}`,
    ...opts.catalogue.categories.map((c) => `category\t${c}`),
    ...opts.catalogue.videos.map((v) => `video\t${v.id}`),
    ...opts.catalogue.searches.map((q) => `search\t${encodeURIComponent(q)}`),
    ...opts.catalogue.blogPosts.map((b) => `blog\t${b}`),
    ...opts.users.map((u) => `user\t${u.index}\t${u.cookie}\t${u.ip}\t${u.commentTimes.join(",")}`),
  ];
  const issuedAt = Date.now() - 31_000;
  for (let i = 0; i < opts.tokens; i++) {
    const video = opts.catalogue.videos[i % opts.catalogue.videos.length]!;
    const session = crypto.randomUUID();
    const token = issuePlayToken({ videoId: video.id, sessionId: session, durationSeconds: video.duration, now: issuedAt, key: opts.key });
    if (!token) throw new Error(`no play token for video ${video.id}`);
    lines.push(`token\t${i}\t${video.id}\t${session}\t${token}\t${tokenAddress(tokenSerial++)}`);
  }
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
}

/** One wrk run of the mix against `origin`, with the cores each party used meanwhile. */
export async function runMix(
  origin: string,
  opts: { dataFile: string; connections: number; seconds: number; threads: number; meter?: TreeMeter },
): Promise<MixReport & { cores: Cores }> {
  const wrkBefore = exitedChildrenSeconds();
  const machine = machineTicks();
  const self = process.cpuUsage();
  const parties = opts.meter?.start();
  const started = performance.now();
  const report = await wrkMix(origin, opts);
  const seconds = (performance.now() - started) / 1000;
  const site = parties && opts.meter ? opts.meter.stop(parties) : {};
  const used = process.cpuUsage(self);
  const cores: Cores = {
    wrk: round((exitedChildrenSeconds() - wrkBefore) / seconds, 2),
    ...site,
    self: round((used.user + used.system) / 1e6 / seconds, 2),
    machine: busyCoresSince(machine),
  };
  const known = cores.wrk + (cores.app ?? 0) + (cores.postgres ?? 0) + (cores.proxy ?? 0) + (cores.self ?? 0);
  cores.other = round(Math.max(0, cores.machine - known), 2);
  return { ...report, cores };
}

function wrkMix(origin: string, opts: { dataFile: string; connections: number; seconds: number; threads: number }): Promise<MixReport> {
  const threads = Math.min(opts.threads, opts.connections);
  const args = [
    `-t${threads}`,
    `-c${opts.connections}`,
    `-d${opts.seconds}s`,
    "--timeout",
    "10s",
    "-s",
    SCRIPT,
    `${origin}/`,
    "--",
    opts.dataFile,
    String(opts.seconds),
  ];
  return runWrk<MixReport>(args, "LOADTEST_RESULT");
}

export function summariseStep(connections: number, r: MixReport & { cores: StepResult["cores"] }): StepResult {
  const seconds = r.durationUs / 1e6;
  const ms = (us: number) => round(us / 1000, 2);
  const badStatuses = Object.entries(r.statuses)
    .filter(([status]) => Number(status) < 200 || Number(status) >= 400)
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    connections,
    seconds: round(seconds, 2),
    requests: r.requests,
    perSecond: round(r.requests / seconds, 1),
    p50: ms(r.latencyUs.p50),
    p95: ms(r.latencyUs.p95),
    p99: ms(r.latencyUs.p99),
    max: ms(r.latencyUs.max),
    badStatuses,
    socketErrors: r.errors.connect + r.errors.read + r.errors.write,
    timeouts: r.errors.timeout,
    statuses: r.statuses,
    sent: r.sent,
    skipped: r.skipped,
    acked: r.acked,
    cores: r.cores,
  };
}

/** Carries this step's comment times into the users' state for the next step (the limit's window spans steps). */
export function recordCommentTimes(users: LoadUser[], report: MixReport): void {
  const byIndex = new Map(users.map((u) => [String(u.index), u]));
  for (const [index, list] of Object.entries(report.commentTimes)) {
    const user = byIndex.get(index);
    if (user) user.commentTimes.push(...list.split(",").filter(Boolean).map(Number));
  }
  const cutoff = Date.now() / 1000 - 120;
  for (const u of users) u.commentTimes = u.commentTimes.filter((t) => t > cutoff);
}
