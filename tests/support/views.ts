import { sql } from "kysely";
import { afterEach, beforeAll, vi } from "vitest";
import { getDb, getPool } from "../../server/db/connection";
import { issuePlayToken } from "../../server/play-token";
import { ALLOWANCE_TABLE } from "../../server/services/view-allowance";
import { insertCategory, insertVideo } from "./fixtures";
import { useTestDatabase } from "./test-db";

/**
 * What the view-counting tests (server/services/views-counting.test.ts, views-allowance.test.ts) share: the file's
 * database with the key play tokens are signed with, a video of its own per test, tokens, client addresses, and the
 * counts read back from the database.
 */

export function useViewsDatabase() {
  const database = useTestDatabase();
  beforeAll(() => {
    process.env.APP_SECRET = "views-service-test-secret-0123456789";
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return database;
}

/** A 40 s video (threshold 20 s) in its own category. */
export async function freshVideo(duration = 40) {
  const db = getDb();
  const category = await insertCategory(db, `Views ${Math.random().toString(36).slice(2, 10)}`);
  const video = await insertVideo(db, { category_id: category.id, duration });
  return { videoId: video.id, categoryId: category.id };
}

export async function counts(videoId: string, categoryId: string) {
  const db = getDb();
  const video = await db.selectFrom("videos").select("views").where("id", "=", videoId).executeTakeFirstOrThrow();
  const category = await db.selectFrom("categories").select("views").where("id", "=", categoryId).executeTakeFirstOrThrow();
  const daily = await db
    .selectFrom("video_views_daily")
    .select(sql<number>`coalesce(sum(views), 0)::int8`.as("views"))
    .where("video_id", "=", videoId)
    .executeTakeFirstOrThrow();
  const marks = await db
    .selectFrom("video_view_sessions")
    .select(sql<number>`count(*)::int8`.as("n"))
    .where("video_id", "=", videoId)
    .executeTakeFirstOrThrow();
  return { video: video.views, category: category.views, daily: daily.views, marks: marks.n };
}

/** The allowance row of one client and video: points used and when its window ends, or undefined. */
export async function allowanceRow(kind: "view-tokens" | "view-counts", clientKey: string, videoId: string) {
  const { rows } = await getPool().query<{ points: number; expire: string }>(
    `SELECT points, expire FROM ${ALLOWANCE_TABLE} WHERE key = $1`,
    [`${kind}:${clientKey}:${videoId}`],
  );
  return rows[0] ? { points: rows[0].points, expire: Number(rows[0].expire) } : undefined;
}

export const T0 = Date.now();
export const AFTER = T0 + 20_000;
let clients = 0;
/** A client address no other test of the file uses (RFC 2544's benchmarking range: 131,072 of them). */
export function distinctIp(): string {
  clients += 1;
  return `198.18.${clients >> 8}.${clients & 255}`;
}

export function tokenFor(videoId: string, sessionId: string, now = T0, durationSeconds = 40) {
  return issuePlayToken({ videoId, sessionId, durationSeconds, now }) as string;
}
