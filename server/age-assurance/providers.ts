import { z } from "zod";
import type { AgeAccess } from "../../core/age-assurance";
import { parseCookie } from "../../core/params";
import { env } from "../env";
import { sign, verify } from "../secrets";
import { beginOidcCheck, type CheckResult, finishOidcCheck, type OidcSettings, type PendingCheck } from "./oidc";

/**
 * An age-assurance provider (docs/decisions/0028-age-assurance.md). Which one a visitor needs is decided per
 * jurisdiction (access.ts); `self-declaration` is the age gate of docs/product.md "Age gate", which asks and remembers on its own
 * (app/components/layout/AgeGate.tsx). A provider that sends the visitor elsewhere to prove their age has
 * `begin` and `finish`; a new kind of check (another protocol, a vendor's own API) is one more entry here.
 */
export interface AgeAssuranceProvider {
  readonly id: AgeAccess["provider"];
  /** More than the visitor's word: passing it unlocks explicit media where a jurisdiction asks for that. */
  readonly highlyEffective: boolean;
  /** Where to send the visitor for the check, and what to keep until they come back. */
  begin?(redirectUri: string): Promise<{ url: string; pending: PendingCheck }>;
  /** Their return: passed, or why not. */
  finish?(query: CallbackQuery, pending: PendingCheck, redirectUri: string): Promise<CheckResult>;
}

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

export const selfDeclaration: AgeAssuranceProvider = { id: "self-declaration", highlyEffective: false };

export function oidcProvider(settings: OidcSettings): AgeAssuranceProvider {
  return {
    id: "oidc",
    highlyEffective: true,
    begin: (redirectUri) => beginOidcCheck(settings, redirectUri),
    finish: (query, pending, redirectUri) => finishOidcCheck(settings, query, pending, redirectUri),
  };
}

/** The configured provider of an id, or undefined when that one is not configured. */
export function configuredProvider(id: AgeAccess["provider"], e = env()): AgeAssuranceProvider | undefined {
  if (id === "self-declaration") return selfDeclaration;
  if (!e.AGE_OIDC_ISSUER || !e.AGE_OIDC_CLIENT_ID) return undefined;
  return oidcProvider({
    issuer: e.AGE_OIDC_ISSUER,
    clientId: e.AGE_OIDC_CLIENT_ID,
    clientSecret: e.AGE_OIDC_CLIENT_SECRET,
    claim: e.AGE_OIDC_CLAIM,
    scopes: e.AGE_OIDC_SCOPES,
  });
}

/**
 * The check in progress, between leaving for the provider and coming back: state, nonce, PKCE verifier and the
 * page to return to, signed, httpOnly, for ten minutes. SameSite=Lax: the provider's redirect back is a
 * top-level navigation, which carries it.
 */
export const PENDING_COOKIE = "ageCheck";
const PENDING_PREFIX = "ac1";
const PENDING_SECONDS = 600;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const PENDING_VALUE = z.string().min(1).max(3000);

export function pendingCookieValue(pending: PendingCheck, returnTo: string, secure: boolean, now = Date.now()): string {
  const payload = [
    PENDING_PREFIX,
    pending.state,
    pending.nonce,
    pending.verifier,
    Buffer.from(returnTo).toString("base64url"),
    Math.floor(now / 1000),
  ];
  return `${PENDING_COOKIE}=${sign(payload.join("~"))}; Path=/; Max-Age=${PENDING_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Clears the pending check (used once, whatever its outcome). */
export function clearPendingCookie(secure: boolean): string {
  return `${PENDING_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readPendingCookie(cookieHeader: string | null, now = Date.now()): { pending: PendingCheck; returnTo: string } | null {
  const raw = parseCookie(PENDING_VALUE, cookieHeader, PENDING_COOKIE);
  const payload = raw ? verify(raw) : null;
  if (!payload) return null;
  const [prefix, state, nonce, verifier, returnTo, issued, extra] = payload.split("~");
  if (prefix !== PENDING_PREFIX || extra !== undefined || !state || !nonce || !verifier || returnTo === undefined) return null;
  if (![state, nonce, verifier].every((t) => TOKEN.test(t)) || !/^\d{1,12}$/.test(issued ?? "")) return null;
  if (now / 1000 - Number(issued) > PENDING_SECONDS) return null;
  return { pending: { state, nonce, verifier }, returnTo: Buffer.from(returnTo, "base64url").toString("utf8") };
}
