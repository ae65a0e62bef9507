import type pg from "pg";
import { paths } from "../../core/paths";
import type { CpuMeter } from "./cpu";
import { signInOverHttp } from "./session";
import { type LatencyStats, round, type TargetResult } from "./stats";
import { measureWindow, type WriteWindow, windowFigures, writesTarget } from "./write-window";

/**
 * Likes per second on one video through `POST /api/videos/:id/like` (issue 35 item 5: counted views and likes on one
 * video at ≥ 100 % of the trivial page's req/s), the path a hydrated page's Like button takes.
 *
 * Likes need an account, and a like that is already there changes nothing, so a load of likes is a load of changes
 * of state: `USERS` people signed in over HTTP (bench/lib/session.ts), each asking for the opposite of their last
 * answered state (like, unlike, like…). A person is never in flight twice, so each one's requests stay in order
 * and every 2xx moved the counter by one, up or down, inside the service's one statement.
 *
 * Exactness is read from the database after the run, not taken from the answers: the video's `likes` counter must
 * equal its `video_likes` rows, and those rows must be the people whose last answered request liked, plus any of
 * those whose last request was cut off when the warm-up or the window stopped (at most one per connection each).
 */

/**
 * People taking turns: more than twice the connections the bench uses (those cut off at the warm-up's and the
 * window's end take no more turns), so a connection never waits for one.
 */
const USERS = 60;

export interface LikesResult extends LatencyStats, WriteWindow {
  label: string;
  /** 2xx answers over the window per second: each one a like or an unlike that changed the counter. */
  changesPerSecond: number;
  /** After the run: the video's counter, its like rows, and the rows the answers predict. */
  counter: number;
  rows: number;
  expectedRows: number;
  /**
   * People whose last request was cut off when a run stopped (the warm-up's or the window's): whether the server
   * applied it is unknown, so each may or may not hold a row on top of `expectedRows`. They take no more turns.
   */
  undecided: number;
}

interface Person {
  email: string;
  cookie: string;
  ip: string;
  liked: boolean;
}

export async function measureLikes(opts: {
  origin: string;
  pool: pg.Pool;
  dataDir: string;
  videoId: string;
  meter: CpuMeter;
  connections: number;
  duration: number;
  warmup: number;
  log: (msg: string) => void;
}): Promise<LikesResult> {
  opts.log(`likes: signing ${USERS} people in over HTTP (e-mail codes)...`);
  const people: Person[] = [];
  for (let i = 0; i < USERS; i++) {
    const ip = `2001:db8:11ce:${i.toString(16)}::1`; // an address each: the sign-in limits are per address
    const email = `bench-liker-${i}@example.com`;
    people.push({ email, cookie: await signInOverHttp(opts.origin, opts.dataDir, email, { "x-forwarded-for": ip }), ip, liked: false });
  }
  await opts.pool.query(
    "DELETE FROM video_likes WHERE video_id = $1 AND user_id IN (SELECT id FROM users WHERE email LIKE 'bench-liker-%')",
    [opts.videoId],
  );
  await opts.pool.query("UPDATE videos SET likes = (SELECT count(*) FROM video_likes WHERE video_id = $1) WHERE id = $1", [opts.videoId]);

  const label = "POST /api/videos/:id/like, all on one video (like and unlike in turn)";
  const url = `${opts.origin}${paths.api.like(opts.videoId)}`;
  const idle = [...people];
  const inFlight = new Set<Person>();
  opts.log(`HTTP ${label}: ${opts.warmup} s warm-up + ${opts.duration} s at ${opts.connections} connections...`);
  const window = await measureWindow(
    { ...opts, url },
    {
      method: "POST",
      // The context lives from a request's setup to its answer: it carries who asked.
      setupRequest: (req, context) => {
        const person = idle.shift();
        if (!person) throw new Error("likes: no idle person (USERS must exceed twice the connections)");
        context.person = person;
        inFlight.add(person);
        return {
          ...req,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "accept-encoding": "br, gzip",
            origin: opts.origin,
            cookie: person.cookie,
            "x-forwarded-for": person.ip,
          },
          body: new URLSearchParams({ liked: String(!person.liked), js: "1" }).toString(),
        };
      },
      onResponse: (status, _body, context) => {
        const person = context.person as Person | undefined;
        if (!person) return;
        if (status >= 200 && status < 300) person.liked = !person.liked;
        inFlight.delete(person);
        idle.push(person);
      },
    },
    async () => undefined,
  );
  const { rows } = await opts.pool.query<{ counter: number; rows: string }>(
    "SELECT likes AS counter, (SELECT count(*) FROM video_likes WHERE video_id = $1) AS rows FROM videos WHERE id = $1",
    [opts.videoId],
  );
  const changesPerSecond = round(window.result["2xx"] / window.seconds, 1);
  const result: LikesResult = {
    label,
    ...windowFigures(window, changesPerSecond),
    changesPerSecond,
    counter: Number(rows[0]?.counter),
    rows: Number(rows[0]?.rows),
    expectedRows: people.filter((p) => p.liked && !inFlight.has(p)).length,
    undecided: inFlight.size,
  };
  opts.log(
    `  ${result.changesPerSecond} likes and unlikes/s, p50 ${result.p50} ms, p95 ${result.p95} ms; counter ${result.counter}, rows ${result.rows} ` +
      `(answers predict ${result.expectedRows}, ${result.undecided} undecided); non-2xx ${result.non2xx}; cores app ${result.cpu.server} pg ${result.cpu.postgres} loadgen ${result.cpu.loadGenerator} other ${result.cpu.other}`,
  );
  return result;
}

/** Problems that make the like figures wrong: refusals, or a counter that lost or doubled a change. */
export function likeFailures(likes: LikesResult): string[] {
  const out: string[] = [];
  if (likes.non2xx || likes.errors || likes.timeouts)
    out.push(
      `${likes.label}: ${likes.non2xx} non-2xx (${JSON.stringify(likes.statusCodes)}), ${likes.errors} errors, ${likes.timeouts} timeouts`,
    );
  if (likes.counter !== likes.rows) out.push(`${likes.label}: the counter says ${likes.counter}, the table holds ${likes.rows} likes`);
  if (likes.rows < likes.expectedRows || likes.rows > likes.expectedRows + likes.undecided)
    out.push(`${likes.label}: ${likes.rows} likes stored, the answers predict ${likes.expectedRows} and ${likes.undecided} undecided`);
  return out;
}

/** Issue 35 item 5: likes on one video at ≥ the trivial page's req/s in the same run. */
export function likeTarget(likes: LikesResult, floorPerSecond: number | undefined): TargetResult {
  return writesTarget(
    "likes/s on one video ≥ trivial page req/s",
    "likes",
    { perSecond: likes.changesPerSecond, p95: likes.p95 },
    floorPerSecond,
  );
}

export function renderLikes(likes: LikesResult | undefined, connections: unknown): string[] {
  if (!likes) return [];
  const f = (n: number, d = 1) => n.toFixed(d);
  return [
    `## Likes (POST /api/videos/:id/like, ${connections} connections)`,
    "",
    `${USERS} signed-in people take turns, each asking for the opposite of their last answered state, so every 2xx changed the counter. ` +
      "Counter and rows read from the database afterwards.",
    "",
    "| scenario | likes/s | p50 ms | p95 ms | p99 ms | counter / rows / predicted + undecided | non-2xx | cores: loadgen / app / pg / other / idle | CPU ms/like: app / pg |",
    "|---|---:|---:|---:|---:|---|---:|---|---|",
    `| ${likes.label} | ${f(likes.changesPerSecond, 0)} | ${f(likes.p50, 2)} | ${f(likes.p95, 2)} | ${f(likes.p99, 2)} | ${likes.counter} / ${likes.rows} / ${likes.expectedRows} + ${likes.undecided} | ${likes.non2xx + likes.errors + likes.timeouts} | ` +
      `${f(likes.cpu.loadGenerator, 2)} / ${f(likes.cpu.server, 2)} / ${f(likes.cpu.postgres, 2)} / ${f(likes.cpu.other, 2)} / ${f(likes.cpu.idle, 2)} | ${f(likes.cpuMsPerRequest.server, 2)} / ${f(likes.cpuMsPerRequest.postgres, 2)} |`,
    "",
  ];
}
