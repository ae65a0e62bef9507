import { data } from "react-router";
import { discardBody } from "~core/params";
import { requireAdmin } from "../../server/auth/session";
import type { Actor } from "../../server/services/audit-log";

type Args = Parameters<typeof requireAdmin>[0] & { request: Request };

/**
 * The start of every console action: 404 for anyone but an admin, whatever the body (read and dropped
 * first, so the client gets the answer instead of a reset), 405 for other methods; the admin as the actor.
 */
export async function consoleActor(args: Args, maxBytes?: number): Promise<Actor> {
  const admin = await requireAdmin(args).catch(async (refusal: unknown) => {
    await discardBody(args.request, maxBytes);
    throw refusal;
  });
  if (args.request.method !== "POST") {
    await discardBody(args.request, maxBytes);
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST", "Cache-Control": "private, no-store" } });
  }
  return { id: admin.id, email: admin.email };
}
