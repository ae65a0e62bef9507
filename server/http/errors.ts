import type { ErrorRequestHandler } from "express";
import { isDatabaseBusyError } from "../db/pool-gate";
import { logger } from "../logger";
import { noteOverload } from "./route-errors";
import { sendUnavailable } from "./unavailable";

/**
 * The last word on errors that reach Express (file not found, a malformed request, a bug): a short
 * plain answer with the right status, never a stack trace. Only 5xx are logged, with the request id.
 */
export function finalErrorHandler(): ErrorRequestHandler {
  return (err, req, res, next) => {
    // Every pool connection in use: this request waits its turn later (503 + Retry-After); not a bug.
    if (isDatabaseBusyError(err) && !res.headersSent) {
      noteOverload();
      sendUnavailable(res);
      return;
    }
    const status = errorStatus(err);
    if (status >= 500) logger.error({ err, requestId: res.locals.requestId, url: req.originalUrl }, "request failed");
    if (res.headersSent) return next(err); // Express closes the connection
    res
      .status(status)
      .type("text/plain; charset=utf-8")
      .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Something went wrong. Please try again later.");
  };
}

function errorStatus(err: unknown): number {
  const status = (err as { status?: unknown; statusCode?: unknown })?.status ?? (err as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
