import type { RouterContextProvider } from "react-router";
import { CONTACT_TOKEN_EXPIRED, CONTACT_TOKEN_INVALID, FORM_TOKEN_USED } from "~core/contact-schema";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../server/http/route-errors";

/**
 * How the public forms (contact, takedown, report) answer what their service refused, and a failure: one set of
 * statuses and texts. Each route renders the answer as its own form, with the typed values kept.
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

export function formRefusal<E>(outcome: RefusedOutcome<E>, rateLimitMessage: (retryAfterMs: number) => string): FormRefusal<E> {
  switch (outcome.status) {
    case "invalid":
      return { status: 400, errors: outcome.errors };
    case "token-invalid":
      return { status: 400, message: CONTACT_TOKEN_INVALID };
    case "token-expired":
      return { status: 400, message: CONTACT_TOKEN_EXPIRED };
    case "token-used":
      return { status: 409, message: FORM_TOKEN_USED };
    case "rate-limited":
      return {
        status: 429,
        message: rateLimitMessage(outcome.retryAfterMs),
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
