import type pg from "pg";

/**
 * "Nothing lost" (issue 21 item 5): what the database gained over a topology's run against what the site
 * acknowledged to wrk. Each acknowledged like is a (user, video) pair no earlier request liked, so one new
 * video_likes row (and one on the videos.likes counter); each acknowledged comment is one row with the run's
 * tag; each `{"counted":true}` one view on videos, its category and the per-day table. Any difference, either
 * way, is a failure.
 */
export interface Tally {
  likeRows: number;
  likeCounters: number;
  comments: number;
  /** Every comment, tagged or not: nothing but the run's may appear. */
  allComments: number;
  videoViews: number;
  categoryViews: number;
  dailyViews: number;
}

export async function tally(pool: pg.Pool, runId: string): Promise<Tally> {
  const { rows } = await pool.query<Record<keyof Tally, string>>(
    `SELECT (SELECT count(*) FROM video_likes) AS "likeRows",
            (SELECT coalesce(sum(likes), 0) FROM videos) AS "likeCounters",
            (SELECT count(*) FROM comments WHERE content LIKE $1) AS comments,
            (SELECT count(*) FROM comments) AS "allComments",
            (SELECT coalesce(sum(views), 0) FROM videos) AS "videoViews",
            (SELECT coalesce(sum(views), 0) FROM categories) AS "categoryViews",
            (SELECT coalesce(sum(views), 0) FROM video_views_daily) AS "dailyViews"`,
    [`Load test ${runId}-%`],
  );
  const r = rows[0]!;
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as Tally;
}

export interface Acknowledged {
  likes: number;
  comments: number;
  views: number;
}

export interface LedgerCheck {
  acknowledged: Acknowledged;
  stored: Tally;
  /** One line per difference; empty when the database holds exactly what was acknowledged. */
  differences: string[];
}

export function compare(before: Tally, after: Tally, acked: Acknowledged): LedgerCheck {
  const stored = Object.fromEntries(
    Object.keys(after).map((k) => [k, after[k as keyof Tally] - before[k as keyof Tally]]),
  ) as unknown as Tally;
  const expect: [keyof Tally, number, string][] = [
    ["likeRows", acked.likes, "video_likes rows"],
    ["likeCounters", acked.likes, "videos.likes"],
    ["comments", acked.comments, "comments with the run's tag"],
    ["allComments", acked.comments, "comments"],
    ["videoViews", acked.views, "videos.views"],
    ["categoryViews", acked.views, "categories.views"],
    ["dailyViews", acked.views, "video_views_daily"],
  ];
  const differences = expect
    .filter(([key, want]) => stored[key] !== want)
    .map(
      ([key, want, label]) =>
        `${label}: the database gained ${stored[key]}, ${want} acknowledged (${stored[key] > want ? "unacknowledged writes stored" : "acknowledged writes lost"})`,
    );
  return { acknowledged: acked, stored, differences };
}
