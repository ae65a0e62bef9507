import type { RequestHandler, Response } from "express";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "../../core/locales";
import { pageLocale } from "../../core/page-locale";
import { site } from "../../core/site";
import { databaseAvailable } from "../db/availability";
import { translate } from "../i18n/catalog";

export const RETRY_AFTER_SECONDS = 5;

/**
 * A self-contained page (no database, no scripts) that reloads itself after the Retry-After delay, in the
 * language of the page asked for (its address: docs/i18n.md "Addresses"), so a German visitor's outage is German.
 */
function unavailablePage(locale: Locale): string {
  const heading = escapeText(translate(locale, "common", "unavailableHeading"));
  const body = escapeText(translate(locale, "unavailable", "body", { site: site.name }));
  return `<!doctype html>
<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="rating" content="${site.rtaLabel}"><meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>${heading} | ${site.name}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0a10;color:#f4f4f5;font:16px/1.5 system-ui,sans-serif;text-align:center}main{max-width:32rem;padding:2rem}a{color:#f9a8d4}</style>
</head><body><main><h1>${heading}</h1>
<p>${body}</p>
<p><a href="">${escapeText(translate(locale, "unavailable", "reloadNow"))}</a></p></main></body></html>`;
}

/** Texts go into the page as text: the catalog's own, but a stray `<` or `&` must not become markup. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The language of the page a request asked for (`.data` requests included); English for an unreadable address. */
function localeOf(url: string): Locale {
  try {
    const { pathname, search } = new URL(url, "http://same-origin.invalid");
    return pageLocale(pathname, search);
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** What every 503 of a database outage carries, whoever answers it. */
export const UNAVAILABLE_HEADERS = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
const HEADERS = { ...UNAVAILABLE_HEADERS, "Content-Type": "text/html; charset=utf-8" };

export function sendUnavailable(res: Response): void {
  res
    .status(503)
    .set(HEADERS)
    .send(unavailablePage(localeOf(res.req.originalUrl)));
}

/** The same page as a Fetch Response, for React Router's document render. */
export function unavailableResponse(request: Request): globalThis.Response {
  return new globalThis.Response(unavailablePage(localeOf(request.url)), { status: 503, headers: HEADERS });
}

/** While the database is known to be down, requests that need it answer 503 at once. */
export function whileDatabaseDown(): RequestHandler {
  return (_req, res, next) => (databaseAvailable() ? next() : sendUnavailable(res));
}
