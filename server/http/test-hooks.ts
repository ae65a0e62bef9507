import express from "express";
import { sql } from "kysely";
import { getDb } from "../db/connection";
import { listContactMessagesByEmail } from "../services/contact";
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
  // Which worker process answered: lets tests see the worker pool and its supervision.
  router.get("/worker", (_req, res) => {
    res.json({ pid: process.pid });
  });
  return router;
}
