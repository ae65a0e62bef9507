import { data } from "react-router";
import { discardBody, parseForm, readForm } from "~core/params";
import type { z } from "~core/zod";
import type { Actor } from "../../server/services/audit-log";
import { routeViewer } from "./route-contract.server";

type Args = { request: Request; context: Parameters<typeof routeViewer>[0] };

/**
 * An action's own answer to a form it cannot read: the status (400, 413 or 415), the intent the form named ("" when
 * the body itself could not be read) and the headers to send (413 closes the connection).
 */
export type Unreadable<A> = (status: number, intent: string, headers: Record<string, string>) => A;

export type ConsoleRequest<A, F> = { ok: true; actor: Actor; form: FormData; fields: F } | { ok: false; answer: A };

/**
 * The start of every console action (the contract already let only admins in): 405 for methods other than POST
 * (the body read and dropped first, so the client gets the answer instead of a reset), then the form read within
 * `maxBytes` and, given a `schema`, parsed with it. Gives the admin as the actor for the audit log with the form
 * (and its `fields`), or the action's `unreadable` answer, in its own shape, for what it could not read
 * (docs/architecture.md "Console: comments, messages, categories").
 */
export async function consoleRequest<A, S extends z.ZodObject | undefined = undefined>(
  args: Args,
  unreadable: Unreadable<A>,
  options: { maxBytes?: number; schema?: S } = {},
): Promise<ConsoleRequest<A, S extends z.ZodObject ? z.output<S> : undefined>> {
  const admin = routeViewer(args.context);
  if (args.request.method !== "POST") {
    await discardBody(args.request, options.maxBytes);
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  const body = await readForm(args.request, options.maxBytes);
  if (!body.ok) return { ok: false, answer: unreadable(body.status, "", body.headers) };
  const fields = options.schema && parseForm(options.schema, body.form);
  if (options.schema && !fields) {
    const intent = body.form.get("intent");
    return { ok: false, answer: unreadable(400, typeof intent === "string" ? intent : "", {}) };
  }
  return {
    ok: true,
    actor: { id: admin.id, email: admin.email },
    form: body.form,
    fields: fields as S extends z.ZodObject ? z.output<S> : undefined,
  };
}
