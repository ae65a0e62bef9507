/**
 * Errors that mean "the database cannot be reached" (as opposed to a bad query or a broken rule): the
 * server is down, restarting or refusing connections, or the pool could not connect in time. Pages answer
 * these with 503 and Retry-After instead of their error state.
 */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, recovering)
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
  "08006", // connection_failure
]);

const CONNECTION_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i];

export function isUnavailableError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  // Node reports a refused connection to every address of a host as one AggregateError.
  if (err instanceof AggregateError && err.errors.some(isUnavailableError)) return true;
  return CONNECTION_MESSAGES.some((re) => re.test(err.message));
}
