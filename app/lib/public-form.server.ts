import { data, type RouterContextProvider } from "react-router";
import { FORM_TOKEN_FIELD } from "~core/contact-schema";
import type { Locale } from "~core/locales";
import { parseForm, readForm } from "~core/params";
import type { z } from "~core/zod";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../server/http/route-errors";
import { translate } from "../../server/i18n/catalog";
import { renewFormToken } from "../../server/services/form-token";

/**
 * How the public forms (contact, takedown, report) read what was posted and answer what their service refused, and
 * a failure: one set of statuses and texts. Each route renders the answer as its own form, with the typed values kept.
 * The form's message is worded here in the page's language (the `forms` texts, and the route's own); a field's
 * message stays an id of the route's texts, which the form words (the browser's own check gives the same ids).
 */

export interface FormRefusal<E> {
  status: number;
  errors?: E;
  message?: string;
  headers?: Record<string, string>;
}

export type RefusedOutcome<E> =
  | { status: "invalid"; errors: E }
  | { status: "token-invalid" }
  | { status: "token-expired" }
  | { status: "token-used" }
  | { status: "rate-limited"; retryAfterMs: number };

/** When to try again, in whole minutes (at least one). */
const retryMinutes = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 60_000));

/** A refusal in `locale`; `rateLimitMessage` words the form's own "too many" with the minutes to wait. */
export function formRefusal<E = never>(
  outcome: RefusedOutcome<E>,
  locale: Locale,
  rateLimitMessage: (minutes: number) => string,
): FormRefusal<E> {
  switch (outcome.status) {
    case "invalid":
      return { status: 400, errors: outcome.errors };
    case "token-invalid":
      return { status: 400, message: translate(locale, "forms", "tokenInvalid") };
    case "token-expired":
      return { status: 400, message: translate(locale, "forms", "tokenExpired") };
    case "token-used":
      return { status: 409, message: translate(locale, "forms", "tokenUsed") };
    case "rate-limited":
      return {
        status: 429,
        message: rateLimitMessage(retryMinutes(outcome.retryAfterMs)),
        headers: { "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) },
      };
  }
}

/** A store that failed: a database outage says so with 503 and Retry-After (the typed text stays in the form). */
export function formFailure(context: Readonly<RouterContextProvider>, label: string, err: unknown, message: string): FormRefusal<never> {
  return classifyFailure(context, label, err) === "unavailable"
    ? { status: 503, message, headers: UNAVAILABLE_HEADERS }
    : { status: 500, message };
}

/** A public form's answer when it did not take the post: the form again, with the typed values and the messages. */
export type FormFailed<E, V> = { state: "failed"; errors: E; message: string | null; values: V };

type Errors = Partial<Record<string, string>>;

interface PublicFormOptions<S extends z.ZodObject, V> {
  /** The route's form (its contract's `input.form`). */
  schema: S;
  /** The values typed back into the form (capped), from what could be read. */
  values: (form: z.output<S> | undefined) => V;
  /** What the form says when it cannot be read. */
  unreadable: string;
}

interface PublicForm<S extends z.ZodObject, V, T> {
  /** The form as the schema reads it; undefined when it could not be read. */
  form: z.output<S> | undefined;
  /** Why it could not be read (a body that is not a form, too large, fields it does not know): nothing is stored. */
  unread: FormRefusal<never>;
  /** The form again with `refusal`'s status, headers and messages; `spent`: its token was used, a fresh one replaces it. */
  failed: <E extends Errors = never>(refusal: FormRefusal<E>, spent?: boolean) => ReturnType<typeof data<FormFailed<E, V> & T>>;
}

/**
 * The start of a public form's action: 405 for methods other than POST, the form read and parsed, and `failed`,
 * which every refusal of the action answers with. Contact and takedown renew the form's token in every failure
 * (`renewToken`, with the token's purpose, server/services/form-token.ts); the report form's loader issues a fresh one itself.
 */
export async function publicForm<S extends z.ZodObject, V>(
  request: Request,
  options: PublicFormOptions<S, V> & { renewToken: { purpose?: string } },
): Promise<PublicForm<S, V, { formToken: string }>>;
export async function publicForm<S extends z.ZodObject, V>(
  request: Request,
  options: PublicFormOptions<S, V>,
): Promise<PublicForm<S, V, Record<never, never>>>;
export async function publicForm<S extends z.ZodObject, V>(
  request: Request,
  options: PublicFormOptions<S, V> & { renewToken?: { purpose?: string } },
): Promise<PublicForm<S, V, { formToken?: string }>> {
  // The forms post; React Router would run an action for PUT or DELETE too.
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  const body = await readForm(request);
  const form = body.ok ? parseForm(options.schema, body.form) : undefined;
  const values = options.values(form);
  const token = (form as Record<string, unknown> | undefined)?.[FORM_TOKEN_FIELD] ?? "";
  const { renewToken } = options;
  const failed = <E extends Errors = never>(refusal: FormRefusal<E>, spent = false) =>
    data(
      {
        state: "failed" as const,
        errors: refusal.errors ?? ({} as E),
        message: refusal.message ?? null,
        values,
        ...(renewToken ? { formToken: renewFormToken(token, Date.now(), renewToken.purpose, spent) } : {}),
      },
      { status: refusal.status, headers: refusal.headers ?? {} },
    );
  const unread: FormRefusal<never> = body.ok
    ? { status: 400, message: options.unreadable }
    : { status: body.status, message: options.unreadable, headers: body.headers };
  return { form, unread, failed };
}
