import { redirect } from "react-router";
import {
  type CommunityAnswer,
  type CommunityErrorCode,
  LOCALE_FIELD,
  NO_SCRIPT_ERROR_PARAM,
  type NoScriptError,
} from "~core/community-answer";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~core/locales";
import { pathsIn } from "~core/paths";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { translate } from "../../../server/i18n/catalog";
import { jsonAnswer, NO_STORE } from "./json-answer";

/**
 * How the like and comment endpoints answer. A hydrated page posts through a fetcher with the `js` field
 * and gets `CommunityAnswer` data (its status tells React Router whether to revalidate); a plain form post
 * (no JavaScript) is sent back to the video page, with `?communityError=` when it failed, or to sign-in. A refusal
 * is a code the page words in its language (core/community-answer.ts); the page's language comes with the form
 * (`locale`), so a post without JavaScript comes back to the page it was sent from.
 */

type Context = Parameters<typeof classifyFailure>[0];

/** A refusal: the text's id and its arguments. */
export interface Refusal {
  code: CommunityErrorCode;
  values?: Record<string, string | number>;
}

export interface Responder {
  ok(answer?: Omit<Extract<CommunityAnswer, { ok: true }>, "ok">): Response;
  fail(status: number, refusal: Refusal, code: NoScriptError, headers?: Record<string, string>): Response;
  signIn(code: CommunityErrorCode): Response;
  /**
   * A thrown service error: logged once; 503 for a database outage, else 500; `failed` is the text of
   * docs/product.md "Comments" or "Likes".
   */
  crashed(context: Context, what: string, err: unknown, failed: CommunityErrorCode, code: NoScriptError): Response;
}

/** A banned user's comment or like (issue 22, issue 32): what happened and, when the route knows it, why. */
export function bannedRefusal(reason?: string | null): Refusal {
  const why = reason?.trim();
  return why ? { code: "bannedWithReason", values: { reason: why } } : { code: "banned" };
}

/** The language of the page a community form was posted from (English when it does not say). */
export function formLocale(form: FormData | undefined): Locale {
  const value = form?.get(LOCALE_FIELD);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function responder(script: boolean, videoId: string | null, locale: Locale = DEFAULT_LOCALE): Responder {
  const paths = pathsIn(locale);
  const page = videoId ? paths.video(videoId) : paths.home();
  const back = (code?: NoScriptError) =>
    redirect(code ? `${page}?${NO_SCRIPT_ERROR_PARAM}=${code}#comments` : `${page}#comments`, { status: 303, headers: NO_STORE });
  const answer = (body: CommunityAnswer, status = 200, headers: Record<string, string> = {}) => jsonAnswer(status, body, headers);
  const refused = ({ code, values }: Refusal) =>
    ({ ok: false, code, ...(values ? { values } : {}), error: translate(locale, "community", code, values) }) as const;
  const self: Responder = {
    ok: (fields = {}) => (script ? answer({ ok: true, ...fields }) : back()),
    fail: (status, refusal, code, headers = {}) => (script ? answer(refused(refusal), status, headers) : back(code)),
    signIn: (code) =>
      script
        ? answer({ ...refused({ code }), signIn: paths.login(page) }, 401)
        : redirect(paths.login(page), { status: 303, headers: NO_STORE }),
    crashed: (context, what, err, failed, code) =>
      classifyFailure(context, what, err) === "unavailable"
        ? self.fail(503, { code: failed }, code, UNAVAILABLE_HEADERS)
        : self.fail(500, { code: failed }, code),
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
