import express from "express";
import { AdConfigError, setPreRoll } from "../services/ads";
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
  // Switches the pre-roll through the same service (validation, cross-process invalidation) as the CLI.
  router.post("/preroll", express.json(), async (req, res, next) => {
    try {
      res.json({ unit: await setPreRoll(req.body ?? {}) });
    } catch (err) {
      if (err instanceof AdConfigError) res.status(400).json({ error: err.message, field: err.field });
      else next(err);
    }
  });
  // Which worker process answered: lets tests see the worker pool and its supervision.
  router.get("/worker", (_req, res) => {
    res.json({ pid: process.pid });
  });
  return router;
}
