import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Request } from "express";
import { type AgeAccess, FULL_ACCESS } from "../../core/age-assurance";
import { env } from "../env";
import { hasPassed } from "./assurance-cookie";

export interface AccessSettings {
  /** Countries that need more than self-declaration (`XX`: the header is missing or says it does not know). */
  countries: readonly string[];
  /** The lower-case name of the header the CDN or proxy sets. */
  header: string | undefined;
  /** A visitor of unknown country (`XX`): under the strictest rule configured (`check`), or self-declaration. */
  unknownCountry: "check" | "open";
}

export function accessSettings(e = env()): AccessSettings {
  return { countries: e.AGE_ASSURANCE_COUNTRIES, header: e.AGE_ASSURANCE_COUNTRY_HEADER, unknownCountry: e.AGE_ASSURANCE_UNKNOWN_COUNTRY };
}

/**
 * Whether a visitor from `country` must pass the age check: a listed country, or an unknown one unless the
 * operator opened it (issue 32 item 6: fail closed, so a misconfigured proxy or a client reaching the origin
 * directly never gets what the listed countries' visitors must be checked for).
 */
export function needsCheck(country: string, settings: AccessSettings): boolean {
  if (settings.countries.length === 0) return false;
  return settings.countries.includes(country) || (country === "XX" && settings.unknownCountry === "check");
}

/**
 * The visitor's country as the CDN or proxy says it, or `XX` when it does not (no header, a value that is not
 * a two-letter code, or a peer that is not a trusted proxy: a client that talks to us directly could name any
 * country it likes, so its header counts for nothing).
 */
export function countryOf(headers: IncomingHttpHeaders, header: string | undefined, peerTrusted: boolean): string {
  if (!header || !peerTrusted) return "XX";
  const value = headers[header];
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : "XX";
}

/**
 * Which provider the visitor's jurisdiction requires, and whether they passed it: the signed cookie only, never
 * the database, so that this stays cheap enough for every request and the page cache's key. A signed-in user
 * who passed in another browser gets the cookie when they sign in (account.ts).
 */
export function ageAccess(
  headers: IncomingHttpHeaders,
  peerTrusted: boolean,
  settings: AccessSettings = accessSettings(),
  now = Date.now(),
): AgeAccess {
  if (!needsCheck(countryOf(headers, settings.header, peerTrusted), settings)) return FULL_ACCESS;
  return { provider: "oidc", passed: hasPassed(headers.cookie, "oidc", now) };
}

/** The part of a page cache key that says which variant of a page this visitor gets. */
export function ageAccessKey(access: AgeAccess): string {
  return access.provider === "self-declaration" ? "open" : access.passed ? "passed" : "withheld";
}

/** Whether the request's direct peer is a proxy TRUST_PROXY names (Express's own test, as for X-Forwarded-For). */
export function expressPeerTrusted(req: Request): boolean {
  const trust = req.app?.get("trust proxy fn") as ((address: string | undefined, hop: number) => boolean) | undefined;
  return !!trust?.(req.socket.remoteAddress, 0);
}

const decided = new WeakMap<IncomingMessage, AgeAccess>();

/**
 * The request's standing, decided once per request (the media gate, the page cache and the loaders all ask).
 * `peerTrusted`: given by the early page-cache hits, which run before Express; else Express's own test.
 */
export function requestAgeAccess(req: IncomingMessage, peerTrusted?: boolean): AgeAccess {
  // The default configuration costs one comparison per request (early page-cache hits are measured in bench/).
  if (env().AGE_ASSURANCE_COUNTRIES.length === 0) return FULL_ACCESS;
  let access = decided.get(req);
  if (!access) {
    access = ageAccess(req.headers, peerTrusted ?? expressPeerTrusted(req as Request));
    decided.set(req, access);
  }
  return access;
}
