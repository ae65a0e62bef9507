import { data } from "react-router";
import { discardBody, readForm } from "~/lib/params";
import { requireAdmin } from "../../../server/auth/session";
import type { Actor } from "../../../server/services/audit-log";
import { CONSOLE_HEADERS } from "./layout";

/** What a console section's action answers its fetcher: done, or why not (a message, field messages). */
export type ConsoleActionResult =
  | { intent: string; ok: true; id?: string }
  | { intent: string; ok: false; id?: string; fieldErrors: Record<string, string>; message: string | null };

type ActionArgs = Parameters<typeof requireAdmin>[0] & { request: Request };

/**
 * The common start of every console action (as app/routes/admin/ads.tsx does it): 404 for anyone but an
 * admin whatever the body (read and dropped first, so the client gets the answer), 405 for other methods,
 * and the form read within the size limit. Returns the acting admin and the form, or the refusal to return.
 */
export async function beginConsoleAction(
  args: ActionArgs,
): Promise<{ actor: Actor; form: FormData } | { refusal: ReturnType<typeof refused> }> {
  const admin = await requireAdmin(args).catch(async (refusal: unknown) => {
    await discardBody(args.request);
    throw refusal;
  });
  if (args.request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  const body = await readForm(args.request);
  if (!body.ok) return { refusal: refused(body.status, { intent: "", message: "The form could not be read." }, body.headers) };
  return { actor: { id: admin.id, email: admin.email }, form: body.form };
}

export function done(intent: string, id?: string) {
  return data<ConsoleActionResult>({ intent, ok: true, id }, { headers: CONSOLE_HEADERS });
}

export function refused(
  status: number,
  result: { intent: string; id?: string; fieldErrors?: Record<string, string>; message?: string | null },
  headers: Record<string, string> = {},
) {
  return data<ConsoleActionResult>(
    { intent: result.intent, id: result.id, ok: false, fieldErrors: result.fieldErrors ?? {}, message: result.message ?? null },
    { status, headers: { ...CONSOLE_HEADERS, ...headers } },
  );
}

/** The form could not be read as this action's fields (missing, repeated, malformed). */
export function unreadable(intent: unknown) {
  return refused(400, { intent: typeof intent === "string" ? intent.slice(0, 20) : "", message: "The form could not be read." });
}
