import { data, redirect } from "react-router";
import { type CommunityAnswer, NO_SCRIPT_ERROR_PARAM, type NoScriptError } from "~core/community-answer";
import { paths } from "~core/paths";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { NO_STORE } from "./json-answer";

/**
 * How the like and comment endpoints answer. A hydrated page posts through a fetcher with the `js` field
 * and gets `CommunityAnswer` data (its status tells React Router whether to revalidate); a plain form post
 * (no JavaScript) is sent back to the video page, with `?communityError=` when it failed, or to sign-in.
 */

type Context = Parameters<typeof classifyFailure>[0];

export interface Responder {
  ok(answer?: Omit<Extract<CommunityAnswer, { ok: true }>, "ok">): ReturnType<typeof data> | Response;
  fail(status: number, error: string, code: NoScriptError, headers?: Record<string, string>): ReturnType<typeof data> | Response;
  signIn(error: string): ReturnType<typeof data> | Response;
  /**
   * A thrown service error: logged once; 503 for a database outage, else 500; `error` is the text of
   * docs/product.md "Comments" or "Likes".
   */
  crashed(context: Context, what: string, err: unknown, error: string, code: NoScriptError): ReturnType<typeof data> | Response;
}

export function responder(script: boolean, videoId: string | null): Responder {
  const page = videoId ? paths.video(videoId) : paths.home();
  const back = (code?: NoScriptError) =>
    redirect(code ? `${page}?${NO_SCRIPT_ERROR_PARAM}=${code}#comments` : `${page}#comments`, { status: 303, headers: NO_STORE });
  const answer = (body: CommunityAnswer, status = 200, headers: Record<string, string> = {}) =>
    data<CommunityAnswer>(body, { status, headers: { ...NO_STORE, ...headers } });
  const self: Responder = {
    ok: (fields = {}) => (script ? answer({ ok: true, ...fields }) : back()),
    fail: (status, error, code, headers = {}) => (script ? answer({ ok: false, error }, status, headers) : back(code)),
    signIn: (error) =>
      script
        ? answer({ ok: false, error, signIn: paths.login(page) }, 401)
        : redirect(paths.login(page), { status: 303, headers: NO_STORE }),
    crashed: (context, what, err, error, code) =>
      classifyFailure(context, what, err) === "unavailable"
        ? self.fail(503, error, code, UNAVAILABLE_HEADERS)
        : self.fail(500, error, code),
  };
  return self;
}

/** Only POST; React Router would run an action for PUT or DELETE too. */
export function methodNotAllowed(): Response {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

/**
 * A body that was not read (wrong type, too large, unparsable) gets its bare status and headers, never a
 * redirect: a 413 must carry `Connection: close`, since the rest of that body is never read.
 */
export function unreadable(body: { status: number; headers: Record<string, string> }): Response {
  return new Response(null, { status: body.status, headers: { ...NO_STORE, ...body.headers } });
}
