import { data } from "react-router";
import { consoleActor } from "~/lib/console-action.server";
import { readForm } from "~core/params";
import type { requireAdmin } from "../../../server/auth/session";
import type { Actor } from "../../../server/services/audit-log";
import { CONSOLE_HEADERS } from "./layout";

/** What a console section's action answers its fetcher: done, or why not (a message, field messages). */
export type ConsoleActionResult =
  | { intent: string; ok: true; id?: string }
  | { intent: string; ok: false; id?: string; fieldErrors: Record<string, string>; message: string | null };

type ActionArgs = Parameters<typeof requireAdmin>[0] & { request: Request };

/**
 * The common start of a console action: the admin check of `consoleActor`, then the form read within the
 * size limit. Returns the acting admin and the form, or the refusal to return.
 */
export async function beginConsoleAction(
  args: ActionArgs,
): Promise<{ actor: Actor; form: FormData } | { refusal: ReturnType<typeof refused> }> {
  const actor = await consoleActor(args);
  const body = await readForm(args.request);
  if (!body.ok) return { refusal: refused(body.status, { intent: "", message: "The form could not be read." }, body.headers) };
  return { actor, form: body.form };
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
