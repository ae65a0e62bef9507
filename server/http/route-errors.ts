import { data, type RouterContextProvider } from "react-router";
import { isDatabaseUnavailableError, markDatabaseUnavailable } from "../db/availability";
import { isDatabaseBusyError } from "../db/pool-gate";
import { burstWarning, logger } from "../logger";
import { requestInfoContext } from "./request-context";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_HEADERS } from "./unavailable";

/**
 * The one place where a failed service call of a loader or action is classified and logged. Routes keep
 * their error states (docs/product.md "Errors") for real failures; a database outage is nobody's page error but a 503 with
 * Retry-After, rendered by the root error boundary as "We'll be right back". So is an overload (every pool
 * connection in use): that request answers 503, but the database is not marked down, so the others go on.
 */

export { UNAVAILABLE_HEADERS };

type Context = Readonly<RouterContextProvider>;

/** Requests (by their load context) that a busy pool refused: answered with the plain 503 page. */
const overloaded = new WeakSet<object>();

/** Responses and `data()` results thrown on purpose (redirects, 404s) are not failures. */
function isRouteResult(err: unknown): boolean {
  return (
    err instanceof Response || (typeof err === "object" && err !== null && (err as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/**
 * Logs `err` once with the request id and says which kind of failure it is: "unavailable" (answer 503 +
 * Retry-After: the database is down, or busy for this request) or "failed" (the route's error state).
 */
export function classifyFailure(context: Context, what: string, err: unknown): "unavailable" | "failed" {
  const { requestId, markDegraded } = context.get(requestInfoContext);
  markDegraded?.(); // whatever the page shows now is an error state, not something to keep
  if (isDatabaseBusyError(err)) {
    noteOverload();
    overloaded.add(context); // the document answer is then the plain 503 page, without a render
    return "unavailable";
  }
  if (isDatabaseUnavailableError(err)) {
    logger.warn({ err, requestId }, `${what}: database unavailable`);
    markDatabaseUnavailable((err as Error).message); // the next requests answer 503 at once
    return "unavailable";
  }
  logger.error({ err, requestId }, `${what} failed`);
  return "failed";
}

/** The thrown 503 of a database outage. */
export function unavailable(): never {
  throw data(null, { status: 503, headers: UNAVAILABLE_HEADERS });
}

/**
 * Runs one service call of a loader. When it fails: a database outage throws the 503; anything else is
 * logged and `fallback` gives the route's error state (docs/product.md "Errors") (an error flag, an empty list, a fallback list).
 */
export async function attempt<T, F>(context: Context, what: string, load: () => Promise<T>, fallback: (err: unknown) => F): Promise<T | F> {
  try {
    return await load();
  } catch (err) {
    if (isRouteResult(err)) throw err;
    if (classifyFailure(context, what, err) === "unavailable") unavailable();
    return fallback(err);
  }
}

/**
 * A plain-text 503 for machine readers (feeds, sitemaps), which retry later instead of counting a 500
 * against the site: soon when the database is briefly away, after `otherwiseRetryAfter` seconds otherwise.
 */
export function unavailableText(context: Context, what: string, err: unknown, message: string, otherwiseRetryAfter: number): Response {
  const retryAfter = classifyFailure(context, what, err) === "unavailable" ? RETRY_AFTER_SECONDS : otherwiseRetryAfter;
  return new Response(message, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(retryAfter) },
  });
}

/** Refusals for a busy pool come in bursts: one summary line every few seconds instead of one per request. */
export const noteOverload: () => void = burstWarning(
  "database busy: every pool connection in use; answering 503 + Retry-After to the excess requests",
  "database busy: requests answered 503 in the last seconds",
);

/**
 * A busy pool seen by code outside attempt() (a loader's own query): React Router turns it into a 500,
 * which the document render answers as the 503 page instead (app/entry.server.tsx).
 */
export function noteUncaughtOverload(context: object | undefined, err: unknown): boolean {
  if (!isDatabaseBusyError(err)) return false;
  noteOverload();
  if (context) overloaded.add(context);
  return true;
}

/** Whether this request met a busy pool (then its document is the plain 503 page: cheap under overload). */
export function sawOverload(context: object): boolean {
  return overloaded.has(context);
}
