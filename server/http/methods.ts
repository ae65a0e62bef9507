import type { RequestHandler } from "express";
import { logger } from "../logger";
import { matchedRoute } from "./route-table";

/**
 * Methods a route does not take (issue 32 item 5): answered here, before React Router, which would log its own
 * 405 as an unexpected error and answer "Unexpected Server Error". A route takes GET and HEAD when its module
 * has a loader or a page, and POST when it has an action (every action reads POST only); anything else gets 405
 * with `Allow`. A path no route knows (the catch-all page) is 404 whatever the method, and so is a console route
 * (the console is not advertised: visitors get 404 there for every method). Logged at info: anyone can send
 * these, so they must not fill the error log.
 */
export function refuseUnsupportedMethods(): RequestHandler {
  return (req, res, next) => {
    const route = matchedRoute(res);
    if (!route || route.methods.includes(req.method)) return next();
    const unknownPath = route.pattern.endsWith("*") || route.contract.access === "admin";
    logger.info({ requestId: res.locals.requestId, method: req.method, url: req.originalUrl }, "method not allowed");
    res.status(unknownPath ? 404 : 405);
    if (!unknownPath) res.set("Allow", route.methods.join(", "));
    // Cache-Control and X-Robots-Tag are the route's declared ones (declaredHeaders settles them as the head goes out).
    res.type("text/plain").send(unknownPath ? "Not Found" : "Method Not Allowed");
  };
}
