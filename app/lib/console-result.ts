import { data } from "react-router";

/**
 * What the console sections' actions (comments, messages, categories, reports, takedowns) answer their fetchers:
 * done, or why not (docs/architecture.md "Console: comments, messages, categories"). Not server-only: the section
 * components type their fetchers with it.
 */
export type ConsoleActionResult =
  | { intent: string; ok: true; id?: string }
  | { intent: string; ok: false; id?: string; fieldErrors: Partial<Record<string, string>>; message: string | null };

export function done(intent: string, id?: string) {
  return data<ConsoleActionResult>({ intent, ok: true, id });
}

export function refused(
  status: number,
  result: { intent: string; id?: string; fieldErrors?: Partial<Record<string, string>>; message?: string | null },
  headers: Record<string, string> = {},
) {
  return data<ConsoleActionResult>(
    { intent: result.intent, id: result.id, ok: false, fieldErrors: result.fieldErrors ?? {}, message: result.message ?? null },
    { status, headers },
  );
}

/** A refused action's message for `field`, once its fetcher is idle (a section shows it next to the field). */
export function fieldErrorOf(fetcher: { state: string; data?: ConsoleActionResult }, field: string): string | null {
  if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return null;
  return fetcher.data.fieldErrors[field] ?? null;
}

/** A refused action's message for the whole form, once its fetcher is idle. */
export function actionMessageOf(fetcher: { state: string; data?: ConsoleActionResult }): string | null {
  return fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
}

/** What every console form says when it cannot be read (a body that is not a form, missing, repeated or malformed fields). */
export const FORM_UNREADABLE = "The form could not be read.";

/** The form could not be read as this action's fields: the sections' `Unreadable` (app/lib/console-request.server.ts). */
export function unreadable(status: number, intent: unknown, headers: Record<string, string> = {}) {
  return refused(status, { intent: typeof intent === "string" ? intent.slice(0, 20) : "", message: FORM_UNREADABLE }, headers);
}
