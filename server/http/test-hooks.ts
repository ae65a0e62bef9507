import crypto from "node:crypto";
import express from "express";
import { sql } from "kysely";
import { z } from "zod";
import { getDb } from "../db/connection";
import { AdConfigError, setPreRoll } from "../services/ads";
import { listContactMessagesByEmail } from "../services/contact";
import { setUserRole } from "../services/users";
import { activeFaults, setFaults } from "../test-hooks";

/** Endpoints for tests only; mounted at /__test when ENABLE_TEST_HOOKS=1. */
export function testHooks(): express.Router {
  const router = express.Router();
  router.post("/faults", express.json(), (req, res) => {
    const names = Array.isArray(req.body?.faults) ? req.body.faults.map(String) : [];
    setFaults(names);
    res.json({ faults: activeFaults() });
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
  // at 0), e.g. 2 s for a 1 s threshold, without media (API tests).
  router.post("/videos", express.json(), async (req, res, next) => {
    const body = z.object({ duration: z.number().int().min(1).max(36_000) }).safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.message });
      return;
    }
    try {
      res.json(await insertTestVideo(body.data.duration));
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
        .where("duration", ">", 0)
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
        .where("identifier", "like", "sign-in-otp-%")
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
  // The console's tests: make a signed-in account an admin (the CLI's user:role, without a process start).
  router.post("/user-role", express.json(), async (req, res, next) => {
    const body = z.object({ email: z.email(), role: z.enum(["user", "creator", "admin"]) }).safeParse(req.body ?? {});
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
  // Which worker process answered: lets tests see the worker pool and its supervision.
  router.get("/worker", (_req, res) => {
    res.json({ pid: process.pid });
  });
  return router;
}

async function insertTestVideo(duration: number): Promise<{ videoId: string; categoryId: string }> {
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
        .values({ title: `View test ${suffix}`, duration, category_id: category.id, is_public: true })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { videoId: video.id, categoryId: category.id };
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
