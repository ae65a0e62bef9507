import { createContext, type RouterContextProvider } from "react-router";
import type { Viewer } from "../../core/viewer";
import { authFor } from "../auth/auth";
import { readSession, type SessionUser } from "../auth/session-read";
import { isDatabaseUnavailableError } from "../db/availability";
import { isDatabaseBusyError } from "../db/pool-gate";
import { siteUrl } from "../site-url";
import { classifyFailure, unavailable } from "./route-errors";
import { pagePathOf } from "./route-table";

export type { Viewer };

/** Lets the session lookup hand a refreshed (sliding) session cookie to the response. Set by server/http/app.ts. */
export interface ResponseCookies {
  append: (setCookie: string) => void;
}
export const responseCookiesContext = createContext<ResponseCookies>({ append: () => {} });

type Args = { request: Request; context: Readonly<RouterContextProvider> };

// One lookup per request, whichever loaders ask (root, layout, page); keyed by the request's context.
const perRequest = new WeakMap<object, Promise<Viewer | null>>();

/**
 * The signed-in viewer of this request, or null. Reads the session row and its user on every request (no
 * cookie cache), so a role change or a revoked session applies at once.
 */
export function getViewer({ request, context }: Args): Promise<Viewer | null> {
  let viewer = perRequest.get(context);
  if (!viewer) {
    const cookies = context.get(responseCookiesContext);
    viewer = sessionViewer(request.headers, siteUrl(request), (cookie) => cookies.append(cookie)).catch((err: unknown) => {
      // better-auth wraps a database failure in its own 500 ("Failed to get session"): the request answers 503
      // + Retry-After like every other read of an absent or busy database (route-errors.ts), not a 500.
      if (!isDatabaseUnavailableError(err) && !isDatabaseBusyError(err)) throw err;
      classifyFailure(context, "session lookup", err);
      unavailable();
    });
    perRequest.set(context, viewer);
  }
  return viewer;
}

/** Whether a Cookie header carries a session (valid or not): without one there is nobody to look up. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader?.includes("better-auth.session_token") ?? false;
}

/**
 * The signed-in viewer behind a request's headers, or null; outside React Router too (the upload endpoint).
 * `origin`: the site's public origin (better-auth checks its cookies for it). A refreshed (sliding) or clearing
 * session cookie is handed to `setCookie` for the response.
 */
export async function sessionViewer(headers: Headers, origin: string, setCookie: (cookie: string) => void): Promise<Viewer | null> {
  const cookieHeader = headers.get("cookie");
  // No cookie, no session: visitors cost no query.
  if (!hasSessionCookie(cookieHeader)) return null;
  // A valid session that needs nothing done, in one query (server/auth/session-read.ts); anything else is
  // better-auth's to answer, clear or refresh.
  const plain = await readSession(cookieHeader as string, origin);
  if (plain) return viewerOf(plain);
  const answer = await authFor(origin).api.getSession({ headers, returnHeaders: true });
  for (const cookie of answer.headers.getSetCookie()) setCookie(cookie);
  if (!answer.response) return null;
  return viewerOf(answer.response.user);
}

function viewerOf(user: SessionUser): Viewer {
  const role = user.role === "admin" || user.role === "creator" ? user.role : "user";
  return {
    id: user.id,
    email: user.email,
    name: user.name?.trim() || null,
    avatarUrl: user.image ?? null,
    role,
    isCreator: role !== "user",
  };
}

/** Ends this request's session (the row is deleted) and returns the cookies that clear it in the browser. */
export async function signOut(request: Request): Promise<string[]> {
  if (!hasSessionCookie(request.headers.get("cookie"))) return [];
  const { headers } = await authFor(siteUrl(request)).api.signOut({ headers: request.headers, returnHeaders: true });
  return headers.getSetCookie();
}

/** The page a request is for: client navigations fetch `/favorites.data?_routes=…` for `/favorites`. */
export function pagePath(url: URL): string {
  const pathname = pagePathOf(url.pathname);
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
