import { data } from "react-router";
import { discardBody, type FormBody, readForm } from "~core/params";
import type { Actor } from "../../server/services/audit-log";
import { routeViewer } from "./route-contract.server";

type Args = { request: Request; context: Parameters<typeof routeViewer>[0] };

/**
 * The start of every console action (the contract already let only admins in): 405 for methods other than
 * POST (the body read and dropped first, so the client gets the answer instead of a reset), then the form
 * read within `maxBytes`. The admin as the actor for the audit log, and the form or why it could not be read.
 */
export async function consoleAction(args: Args, maxBytes?: number): Promise<{ actor: Actor; body: FormBody }> {
  const admin = routeViewer(args.context);
  if (args.request.method !== "POST") {
    await discardBody(args.request, maxBytes);
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  return { actor: { id: admin.id, email: admin.email }, body: await readForm(args.request, maxBytes) };
}
