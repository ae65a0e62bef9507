import { data } from "react-router";

/**
 * React Router refuses cross-origin posts to page actions itself (400), but not to resource routes
 * (routes without a page, such as /logout). Their actions call this: a browser always sends Origin with a
 * cross-site POST, so one that names another origin (or "null") is refused the same way.
 */
export function refuseCrossOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(request.url).origin) throw data(null, { status: 400 });
}
