import crypto from "node:crypto";
import express from "express";
import { sql } from "kysely";
import { z } from "zod";
import { getDb, poolUsage } from "../../../server/db/connection";
import { closeAdEventStreams, openAdEventStreams, reopenAdEventStreams } from "../../../server/http/ad-events";
import { loadedRouteTable } from "../../../server/http/route-table";
import { invalidatePages } from "../../../server/realtime/shared-caches";
import { AdConfigError, setPreRoll } from "../../../server/services/ads";
import { foldCoViews } from "../../../server/services/co-views";
import { listContactMessagesByEmail } from "../../../server/services/contact";
import { notifyOverdueTakedowns } from "../../../server/services/takedown-overdue-notice";
import { setUserRole } from "../../../server/services/users";
import { FAULTS, faults } from "./faults";

/**
 * Endpoints for tests only, mounted at /__test by the test build's app (./app.ts); the production build has
 * none of them (docs/decisions/0018-test-build.md).
 */
export function testRoutes(): express.Router {
  const router = express.Router();
  // Switches faults on (all others off); an unknown name is refused, so a typo cannot test nothing.
  router.post("/faults", express.json(), (req, res) => {
    const body = z.object({ faults: z.array(z.enum(FAULTS)) }).safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.message });
      return;
    }
    faults.set(body.data.faults);
    res.json({ faults: faults.on() });
  });
  // Lets e2e tests check what the contact form really stored (IP, user agent).
  router.get("/contact-messages", async (req, res, next) => {
    try {
      res.json({ messages: await listContactMessagesByEmail(String(req.query.email ?? "")) });
    } catch (err) {
      next(err);
    }
  });
  // View counting: a public video of a given duration in a category of its own (so its category count starts
  // at 0), e.g. 2 s for a 1 s threshold, without media (API tests). `isPublic: false` makes a private one
  // (what the public side must never show, e.g. in search suggestions).
  router.post("/videos", express.json(), async (req, res, next) => {
    const body = z.object({ duration: z.number().int().min(1).max(36_000), isPublic: z.boolean().default(true) }).safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.message });
      return;
    }
    try {
      const inserted = await insertTestVideo(body.data.duration, body.data.isPublic);
      await invalidatePages(); // rows written behind the services' backs: no worker may show pages from before
      res.json(inserted);
    } catch (err) {
      next(err);
    }
  });
  // What the database holds for a video's views: the counter, its category's counter, the per-day total.
  router.get("/views", async (req, res, next) => {
    const videoId = z.uuid().safeParse(req.query.videoId);
    if (!videoId.success) {
      res.status(400).json({ error: "videoId" });
      return;
    }
    try {
      res.json(await viewCounts(videoId.data));
    } catch (err) {
      next(err);
    }
  });
  // The shortest public demo video with media (the quickest real view threshold for browser tests).
  router.get("/shortest-video", async (_req, res, next) => {
    try {
      const video = await getDb()
        .selectFrom("videos")
        .select(["id", "duration"])
        .where("is_public", "=", true)
        .where("video_url", "is not", null)
        // At least 10 s: the players' tests watch a few seconds of it, and an upload test's 2-second clip
        // (public, left behind by an earlier spec) would end first.
        .where("duration", ">=", 10)
        .orderBy("duration")
        .orderBy("id")
        .executeTakeFirst();
      res.json({ video: video ?? null });
    } catch (err) {
      next(err);
    }
  });
  // Lets e2e tests see an expired sign-in code refused without waiting 5 minutes.
  router.post("/auth/expire-codes", async (_req, res, next) => {
    try {
      const expired = await getDb()
        .updateTable("auth_verifications")
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where((eb) => eb.or([eb("identifier", "like", "sign-in-otp-%"), eb("identifier", "like", "known-device-sign-in-otp-%")]))
        .executeTakeFirst();
      res.json({ expired: Number(expired.numUpdatedRows) });
    } catch (err) {
      next(err);
    }
  });
  // Switches the pre-roll through the same service (validation, cross-process invalidation) as the CLI.
  router.post("/preroll", express.json(), async (req, res, next) => {
    try {
      res.json({ unit: await setPreRoll(req.body ?? {}) });
    } catch (err) {
      if (err instanceof AdConfigError) res.status(400).json({ error: err.message, field: err.field });
      else next(err);
    }
  });
  // Roles for the community tests: the same service as `npm run cli -- user:role`, without a process start.
  router.post("/users/role", express.json(), async (req, res, next) => {
    const body = z.object({ email: z.string().min(3), role: z.enum(["user", "creator", "admin"]) }).safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.message });
      return;
    }
    try {
      res.json({ user: (await setUserRole(body.data.email, body.data.role)) ?? null });
    } catch (err) {
      next(err);
    }
  });
  // The route table as this process serves it (pattern, access, methods): tests/e2e/methods.spec.ts walks it.
  router.get("/route-table", (_req, res) => {
    res.json(loadedRouteTable().entries.map((e) => ({ pattern: e.pattern, access: e.contract.access, methods: e.methods })));
  });
  // A ban as the moderation queue leaves it (banned_at and the reason), for the banned-user walk; the queue's own
  // ban is tested in server/services/reports-queue.test.ts and tests/e2e/reports.spec.ts.
  router.post("/users/ban", express.json(), async (req, res, next) => {
    const body = z.object({ email: z.string().min(3), reason: z.string().min(3).max(500) }).safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.message });
      return;
    }
    try {
      const banned = await getDb()
        .updateTable("users")
        .set({ banned_at: sql`now()`, ban_reason: body.data.reason })
        .where("email", "=", body.data.email)
        .returning("id")
        .executeTakeFirst();
      res.status(banned ? 200 : 404).json({ user: banned ?? null });
    } catch (err) {
      next(err);
    }
  });
  // Many comments at once (past the per-user limit) for "Load more": top-level, one second apart, by a seed user.
  router.post("/comments/seed", express.json(), async (req, res, next) => {
    const body = z
      .object({ videoId: z.uuid(), count: z.number().int().min(1).max(1000), parentId: z.uuid().optional() })
      .safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.message });
      return;
    }
    try {
      const seeded = await seedComments(body.data.videoId, body.data.count, body.data.parentId ?? null);
      await invalidatePages();
      res.json({ seeded });
    } catch (err) {
      next(err);
    }
  });
  // What the database holds for a video's likes and comments (the role matrix asserts outcomes from here).
  router.get("/community", async (req, res, next) => {
    const videoId = z.uuid().safeParse(req.query.videoId);
    if (!videoId.success) {
      res.status(400).json({ error: "videoId" });
      return;
    }
    try {
      const db = getDb();
      const video = await db.selectFrom("videos").select("likes").where("id", "=", videoId.data).executeTakeFirst();
      const likes = await db.selectFrom("video_likes").select("user_id").where("video_id", "=", videoId.data).execute();
      const comments = await db
        .selectFrom("comments")
        .select(["id", "user_id", "parent_id", "content", "is_deleted"])
        .where("video_id", "=", videoId.data)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      res.json({ likes: video?.likes ?? null, likedBy: likes.map((l) => l.user_id), comments });
    } catch (err) {
      next(err);
    }
  });
  // Accounts (tests/e2e/account.spec.ts): what the database holds for a user, asserted after each action.
  router.get("/account", async (req, res, next) => {
    const email = z.email().safeParse(req.query.email);
    if (!email.success) {
      res.status(400).json({ error: "email" });
      return;
    }
    try {
      res.json(await accountState(email.data));
    } catch (err) {
      next(err);
    }
  });
  // A like and a comment by the user (their UI lands on another branch), and someone else's reply to it.
  router.post("/account/activity", express.json(), async (req, res, next) => {
    const body = z.object({ email: z.email(), videoId: z.uuid() }).safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.message });
      return;
    }
    try {
      const activity = await insertActivity(body.data.email, body.data.videoId);
      await invalidatePages();
      res.json(activity);
    } catch (err) {
      next(err);
    }
  });
  // Drops this process's live ad streams, as a network failure would (pages then reconnect and resynchronise).
  router.post("/ads/drop-streams", (_req, res) => {
    const dropped = openAdEventStreams();
    closeAdEventStreams();
    reopenAdEventStreams();
    res.json({ dropped });
  });
  // The console dashboard's totals counted straight from the tables (tests/e2e/console-dash.spec.ts compares).
  router.get("/site-totals", async (_req, res, next) => {
    try {
      const { rows } = await sql<Record<string, string>>`
        SELECT (SELECT count(*) FROM videos) AS videos, (SELECT coalesce(sum(views), 0) FROM videos) AS views,
          (SELECT coalesce(sum(likes), 0) FROM videos) AS likes,
          (SELECT count(*) FROM comments WHERE NOT is_deleted) AS comments,
          (SELECT count(*) FROM contact_messages WHERE read_at IS NULL) AS messages`.execute(getDb());
      res.json(Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)])));
    } catch (err) {
      next(err);
    }
  });
  // Which worker process answered: lets tests see the worker pool and its supervision.
  router.get("/worker", (_req, res) => {
    res.json({ pid: process.pid });
  });
  // Overload tests: holds one of this worker's pool connections for `ms` (pg_sleep through the app's own
  // pool), and shows how many are held and waiting.
  router.post("/db/hold", async (req, res, next) => {
    const ms = z.coerce.number().int().min(1).max(60_000).safeParse(req.query.ms);
    if (!ms.success) {
      res.status(400).json({ error: "ms" });
      return;
    }
    try {
      await sql`SELECT pg_sleep(${ms.data / 1000})`.execute(getDb());
      res.json({ held: ms.data });
    } catch (err) {
      next(err);
    }
  });
  router.get("/db/pool", (_req, res) => {
    res.json(poolUsage());
  });
  // Recommendations (tests/e2e/recommendations.spec.ts): the co-view fold at once, views counted a moment ago
  // included, instead of at the job runner's next minute a minute later.
  // Two public demo videos with media, at least 10 s long, from two categories, shortest first: a pair the
  // spec makes "watched together" (both playable, so the up-next specs may land on either). Each from a category
  // with at least two other public videos, so that its related list starts out as the category's most viewed:
  // the demo set has categories of one video, and which of two equally short clips came first was the luck of
  // their random ids.
  router.get("/co-views/videos", async (_req, res, next) => {
    try {
      const { rows } = await sql<{ id: string; duration: number }>`
        SELECT id, duration FROM (
          SELECT DISTINCT ON (category_id) id, duration FROM videos v
          WHERE is_public AND video_url IS NOT NULL AND duration >= 10 AND category_id IS NOT NULL
            AND (SELECT count(*) FROM videos o WHERE o.category_id = v.category_id AND o.is_public) >= 3
          ORDER BY category_id, duration, id
        ) v ORDER BY duration, id LIMIT 2`.execute(getDb());
      res.json({ videos: rows });
    } catch (err) {
      next(err);
    }
  });
  router.post("/co-views/fold", async (_req, res, next) => {
    try {
      const folded = await foldCoViews({ settleMs: 0, maxBatches: 100 });
      await invalidatePages(); // lists written behind the pages' backs: no worker may show a page from before
      res.json(folded);
    } catch (err) {
      next(err);
    }
  });
  // Takedowns (tests/e2e/takedown.spec.ts): the 48-hour clock moved back by `hours`, so a request is overdue
  // now; and the overdue check run at once instead of at the job runner's next minute.
  router.post("/takedowns/backdate", express.json(), async (req, res, next) => {
    const body = z
      .object({ reference: z.string().regex(/^TD-[0-9A-Z]{4}-[0-9A-Z]{4}$/), hours: z.number().min(0).max(1000) })
      .safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.message });
      return;
    }
    try {
      const interval = `${body.data.hours} hours`;
      const moved = await getDb()
        .updateTable("takedown_requests")
        .set({ created_at: sql`created_at - ${interval}::interval`, due_at: sql`due_at - ${interval}::interval` })
        .where("reference", "=", body.data.reference)
        .executeTakeFirst();
      res.json({ moved: Number(moved.numUpdatedRows) });
    } catch (err) {
      next(err);
    }
  });
  router.post("/takedowns/overdue", async (_req, res, next) => {
    try {
      res.json({ notified: await notifyOverdueTakedowns() });
    } catch (err) {
      next(err);
    }
  });
  router.get("/takedowns", async (req, res, next) => {
    try {
      const email = String(req.query.email ?? "");
      res.json({
        requests: await getDb().selectFrom("takedown_requests").selectAll().where("email", "=", email).orderBy("created_at").execute(),
      });
    } catch (err) {
      next(err);
    }
  });
  return router;
}

async function insertTestVideo(duration: number, isPublic: boolean): Promise<{ videoId: string; categoryId: string; title: string }> {
  const suffix = crypto.randomBytes(4).toString("hex");
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const category = await trx
        .insertInto("categories")
        .values({ name: `View Test ${suffix}`, slug: `view-test-${suffix}` })
        .returning("id")
        .executeTakeFirstOrThrow();
      const video = await trx
        .insertInto("videos")
        .values({ title: `View test ${suffix}`, duration, category_id: category.id, is_public: isPublic })
        .returning(["id", "title"])
        .executeTakeFirstOrThrow();
      return { videoId: video.id, categoryId: category.id, title: video.title };
    });
}

async function viewCounts(videoId: string): Promise<{ video: number; category: number; daily: number } | null> {
  const row = await getDb()
    .selectFrom("videos as v")
    .leftJoin("categories as c", "c.id", "v.category_id")
    .select([
      "v.views as video",
      sql<number>`coalesce(c.views, 0)`.as("category"),
      sql<number>`(SELECT coalesce(sum(d.views), 0)::int8 FROM video_views_daily d WHERE d.video_id = v.id)`.as("daily"),
    ])
    .where("v.id", "=", videoId)
    .executeTakeFirst();
  return row ?? null;
}

/** `count` comments by a seed user: top-level, or replies to `parentId` (written past the service's rules). */
async function seedComments(videoId: string, count: number, parentId: string | null): Promise<number> {
  const db = getDb();
  const userId = "test-seed-commenter";
  await db
    .insertInto("users")
    .values({ id: userId, email: "seed-commenter@example.com", full_name: null, avatar_url: null })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const base = Date.now() - count * 1000;
  const rows = Array.from({ length: count }, (_, i) => ({
    video_id: videoId,
    user_id: userId,
    parent_id: parentId,
    content: `Seeded ${parentId ? "reply" : "comment"} ${i + 1}`,
    created_at: new Date(base + i * 1000),
  }));
  await db.insertInto("comments").values(rows).execute();
  return count;
}

async function accountState(email: string) {
  const db = getDb();
  const user = await db
    .selectFrom("users")
    .select(["id", "full_name", "history_paused", "role", "email_verified", "avatar_url"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
  if (!user) return { exists: false };
  const providers = await db
    .selectFrom("auth_accounts")
    .select("provider_id")
    .where("user_id", "=", user.id)
    .orderBy("provider_id")
    .execute();
  const count = async (table: "favorites" | "watch_history" | "video_likes" | "auth_sessions" | "comments") =>
    (await db.selectFrom(table).select(sql<number>`count(*)::int8`.as("n")).where("user_id", "=", user.id).executeTakeFirstOrThrow()).n;
  const history = await db
    .selectFrom("watch_history")
    .select(["video_id", "position_seconds"])
    .where("user_id", "=", user.id)
    .orderBy("watched_at", "desc")
    .execute();
  // Their playlists (Watch Later first) with the video ids in their stored order.
  const lists = await db
    .selectFrom("playlists as p")
    .select([
      "p.id",
      "p.kind",
      "p.title",
      "p.is_public",
      sql<string[]>`ARRAY(SELECT video_id::text FROM playlist_items i WHERE i.playlist_id = p.id ORDER BY i.position)`.as("videos"),
    ])
    .where("p.user_id", "=", user.id)
    .orderBy(sql`p.kind = 'watch_later'`, "desc")
    .orderBy("p.created_at")
    .execute();
  return {
    exists: true,
    id: user.id,
    name: user.full_name,
    role: user.role,
    emailVerified: user.email_verified,
    avatarUrl: user.avatar_url,
    // Sign-in methods linked to the account (better-auth's auth_accounts rows: "google", ...).
    providers: providers.map((p) => p.provider_id),
    historyPaused: user.history_paused,
    favorites: await count("favorites"),
    history,
    likes: await count("video_likes"),
    sessions: await count("auth_sessions"),
    comments: await count("comments"),
    playlists: lists.map((l) => ({ id: l.id, kind: l.kind, title: l.title, isPublic: l.is_public, videos: l.videos })),
  };
}

async function insertActivity(email: string, videoId: string) {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
        .executeTakeFirstOrThrow();
      await trx.insertInto("video_likes").values({ user_id: user.id, video_id: videoId }).execute();
      await trx.updateTable("videos").set({ likes: sql<number>`likes + 1` }).where("id", "=", videoId).execute();
      const comment = await trx
        .insertInto("comments")
        .values({ user_id: user.id, video_id: videoId, content: "A comment before leaving" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const otherId = `reply-${crypto.randomBytes(6).toString("hex")}`;
      await trx
        .insertInto("users")
        .values({ id: otherId, email: `${otherId}@example.com` })
        .execute();
      await trx
        .insertInto("comments")
        .values({ user_id: otherId, video_id: videoId, parent_id: comment.id, content: "A reply that stays" })
        .execute();
      const video = await trx.selectFrom("videos").select("likes").where("id", "=", videoId).executeTakeFirstOrThrow();
      return { commentId: comment.id, likes: video.likes };
    });
}
