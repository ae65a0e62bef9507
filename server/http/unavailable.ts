import type { RequestHandler, Response } from "express";
import { site } from "../../core/site";
import { databaseAvailable } from "../db/availability";

export const RETRY_AFTER_SECONDS = 5;

/** A self-contained page (no database, no scripts) that reloads itself after the Retry-After delay. */
function unavailablePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="rating" content="${site.rtaLabel}"><meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>We'll be right back | ${site.name}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0a10;color:#f4f4f5;font:16px/1.5 system-ui,sans-serif;text-align:center}main{max-width:32rem;padding:2rem}a{color:#f9a8d4}</style>
</head><body><main><h1>We'll be right back</h1>
<p>${site.name} is briefly unavailable. This page reloads by itself in a few seconds.</p>
<p><a href="">Reload now</a></p></main></body></html>`;
}

/** What every 503 of a database outage carries, whoever answers it. */
export const UNAVAILABLE_HEADERS = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
const HEADERS = { ...UNAVAILABLE_HEADERS, "Content-Type": "text/html; charset=utf-8" };

export function sendUnavailable(res: Response): void {
  res.status(503).set(HEADERS).send(unavailablePage());
}

/** The same page as a Fetch Response, for React Router's document render. */
export function unavailableResponse(): globalThis.Response {
  return new globalThis.Response(unavailablePage(), { status: 503, headers: HEADERS });
}

/** While the database is known to be down, requests that need it answer 503 at once. */
export function whileDatabaseDown(): RequestHandler {
  return (_req, res, next) => (databaseAvailable() ? next() : sendUnavailable(res));
}
