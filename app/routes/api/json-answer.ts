/** The resource routes' answers are about one browser's request: no cache may keep them. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A JSON answer no cache keeps; `headers` add to it (Allow, Retry-After, Set-Cookie, …). */
export function jsonAnswer<T>(status: number, body: T, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}
