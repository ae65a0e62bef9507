import type { RouterContextProvider } from "react-router";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";

/** The resource routes' answers are about one browser's request: no cache may keep them. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * A JSON answer no cache keeps; `headers` add to it (Allow, Retry-After, Set-Cookie, …). It says its length:
 * React Router hands a body on as a stream, so without it the compression middleware cannot apply its 1 KB
 * threshold and set up a brotli stream for every `{"ok":true}` (5 % of a like's CPU, measured in
 * docs/benchmarks.md "Issue 35: likes").
 */
export function jsonAnswer<T>(status: number, body: T, headers: Record<string, string> = {}): Response {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return new Response(bytes, {
    status,
    headers: { "Content-Type": "application/json", "Content-Length": String(bytes.length), ...NO_STORE, ...headers },
  });
}

/**
 * A read that threw: `body` as JSON with 503 + Retry-After when the database is down or busy, else 500
 * (classifyFailure logs it once, labelled `what`).
 */
export function failureAnswer<T>(context: Readonly<RouterContextProvider>, what: string, err: unknown, body: T): Response {
  const unavailable = classifyFailure(context, what, err) === "unavailable";
  return jsonAnswer(unavailable ? 503 : 500, body, unavailable ? UNAVAILABLE_HEADERS : {});
}
