import { toNodeHandler } from "better-auth/node";
import express from "express";
import { waitOf } from "../../core/auth-texts";
import { DEFAULT_LOCALE } from "../../core/locales";
import { clientIp } from "../../core/params";
import { AUTH_BASE_PATH, authFor, GOOGLE_PROVIDER } from "../auth/auth";
import { signInsPerIpLimiter } from "../auth/google";
import { ipRateLimitKey } from "../db/rate-limit";
import { env } from "../env";
import { translate } from "../i18n/catalog";

/**
 * better-auth's HTTP surface, reduced to the one address a browser must reach directly: the return from
 * Google (/api/auth/callback/google). Everything else (codes, starting a sign-in, sessions, sign-out)
 * runs through our React Router actions and loaders, which call better-auth's server API behind our
 * input checks and rate limits, so no request can go around them. Other /api/auth paths are 404.
 */
export function authRoutes(): express.Router {
  const router = express.Router();
  router.all(`/callback/${GOOGLE_PROVIDER}`, async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "POST") {
      res.status(405).set({ Allow: "GET, POST", "Cache-Control": "no-store" }).end();
      return;
    }
    try {
      const decision = await signInsPerIpLimiter().consume(ipRateLimitKey(clientIp.parse(req.ip ?? null)));
      if (!decision.allowed) {
        const seconds = Math.ceil(decision.retryAfterMs / 1000);
        // The return from Google has one address for every language and nothing in it says the page's: English.
        res
          .status(429)
          .set({ "Retry-After": String(seconds), "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" })
          .send(translate(DEFAULT_LOCALE, "auth", "tooManyAttempts", waitOf(decision.retryAfterMs)));
        return;
      }
      await toNodeHandler(authFor(publicOrigin(req)))(req, res);
    } catch (err) {
      next(err);
    }
  });
  return router;
}

export { AUTH_BASE_PATH };

/** The origin the browser used, as React Router's request URL sees it (siteUrl()): SITE_URL when set. */
function publicOrigin(req: express.Request): string {
  const configured = env().SITE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return `${req.protocol}://${req.host}`;
}
