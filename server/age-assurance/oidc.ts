import crypto from "node:crypto";
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";

/**
 * An age check by OpenID Connect (authorization code + PKCE, a nonce, the ID token verified with the issuer's
 * published keys) against any age-verification service that states an over-18 claim. Written on `fetch` and
 * jose (the JOSE library better-auth itself uses) rather than better-auth's generic OAuth, which signs people
 * in: an age check must work for visitors without an account and must create none (docs/decisions/0028).
 */

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  /** The claim that must be the boolean `true`. */
  claim: string;
  scopes: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

/** What the site keeps (signed, in a short-lived cookie) between sending the visitor off and their return. */
export interface PendingCheck {
  state: string;
  nonce: string;
  verifier: string;
}

export type CheckResult =
  | { passed: true; subject: string }
  | { passed: false; reason: "refused" | "state" | "invalid" | "no-claim" | "not-over-18" | "unavailable" };

const TIMEOUT_MS = 8_000;
const bare = (url: string) => url.replace(/\/+$/, "");

/** The issuer's discovery document and keys, fetched once per process (a failure is tried again next time). */
const discoveries = new Map<string, Promise<{ doc: Discovery; keys: JWTVerifyGetKey }>>();

function discover(issuer: string): Promise<{ doc: Discovery; keys: JWTVerifyGetKey }> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = (async () => {
      const res = await fetch(`${bare(issuer)}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      const doc = (await res.json()) as Discovery;
      // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched from.
      if (typeof doc.issuer !== "string" || bare(doc.issuer) !== bare(issuer)) throw new Error(`discovery names issuer ${doc.issuer}`);
      for (const key of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
        if (typeof doc[key] !== "string" || !/^https?:\/\//.test(doc[key])) throw new Error(`discovery lacks ${key}`);
      }
      return { doc, keys: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })();
    discoveries.set(issuer, found);
    found.catch(() => discoveries.delete(issuer));
  }
  return found;
}

const random = () => crypto.randomBytes(32).toString("base64url");

/** The provider's authorization URL for a new check, and what to remember until the visitor is back. */
export async function beginOidcCheck(settings: OidcSettings, redirectUri: string): Promise<{ url: string; pending: PendingCheck }> {
  const { doc } = await discover(settings.issuer);
  const pending: PendingCheck = { state: random(), nonce: random(), verifier: random() };
  const url = new URL(doc.authorization_endpoint);
  const scopes = new Set(["openid", ...settings.scopes.split(" ").filter(Boolean)]);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    scope: [...scopes].join(" "),
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: crypto.createHash("sha256").update(pending.verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  return { url: url.href, pending };
}

/** The visitor's return: the code exchanged, the ID token verified, the claim read. Never throws. */
export async function finishOidcCheck(
  settings: OidcSettings,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  pending: PendingCheck,
  redirectUri: string,
): Promise<CheckResult> {
  if (query.error || !query.code) return { passed: false, reason: "refused" };
  if (!query.state || !sameText(query.state, pending.state)) return { passed: false, reason: "state" };
  let discovered: { doc: Discovery; keys: JWTVerifyGetKey };
  let tokens: { id_token?: unknown; access_token?: unknown };
  try {
    discovered = await discover(settings.issuer);
    tokens = await exchangeCode(settings, discovered.doc, query.code, pending.verifier, redirectUri);
  } catch {
    return { passed: false, reason: "unavailable" };
  }
  if (typeof tokens.id_token !== "string") return { passed: false, reason: "invalid" };
  const claims = await verifiedIdToken(tokens.id_token, discovered.keys, {
    issuer: discovered.doc.issuer,
    clientId: settings.clientId,
    nonce: pending.nonce,
  });
  if (!claims?.sub) return { passed: false, reason: "invalid" };
  let answer = over18(claims, settings.claim);
  // Many services put such claims in the userinfo answer only; it must be about the same subject (OIDC Core §5.3.2).
  if (answer === "missing" && discovered.doc.userinfo_endpoint && typeof tokens.access_token === "string") {
    const info = await userinfo(discovered.doc.userinfo_endpoint, tokens.access_token);
    if (info?.sub === claims.sub) answer = over18(info, settings.claim);
  }
  if (answer === "missing") return { passed: false, reason: "no-claim" };
  return answer === "yes" ? { passed: true, subject: claims.sub } : { passed: false, reason: "not-over-18" };
}

/**
 * The claim read strictly: only the JSON boolean `true` passes. A missing claim is "missing" (the userinfo
 * answer may still carry it); `false`, the string "true", 1 or anything else is "no".
 */
export function over18(claims: Record<string, unknown>, claim: string): "yes" | "no" | "missing" {
  if (!(claim in claims) || claims[claim] === undefined || claims[claim] === null) return "missing";
  return claims[claim] === true ? "yes" : "no";
}

/**
 * The ID token's claims when its signature is the issuer's and it is meant for this client, from this issuer,
 * unexpired, and for this attempt (nonce); null otherwise.
 */
export async function verifiedIdToken(
  token: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; clientId: string; nonce: string },
): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, keys, { issuer: expected.issuer, audience: expected.clientId, clockTolerance: 30 });
    if (typeof payload.nonce !== "string" || !sameText(payload.nonce, expected.nonce)) return null;
    // With several audiences the token must have been issued to us (OIDC Core §3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId) return null;
    return payload;
  } catch {
    return null;
  }
}

async function exchangeCode(settings: OidcSettings, doc: Discovery, code: string, verifier: string, redirectUri: string) {
  const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  const methods = doc.token_endpoint_auth_methods_supported ?? [];
  if (!settings.clientSecret) body.set("client_id", settings.clientId);
  else if (methods.includes("client_secret_post") && !methods.includes("client_secret_basic")) {
    body.set("client_id", settings.clientId);
    body.set("client_secret", settings.clientSecret);
  } else {
    // client_secret_basic, the default of OpenID Connect (RFC 6749 §2.3.1: each part form-encoded first).
    const basic = `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString("base64")}`;
  }
  const res = await fetch(doc.token_endpoint, { method: "POST", headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
  return (await res.json()) as { id_token?: unknown; access_token?: unknown };
}

async function userinfo(endpoint: string, accessToken: string): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(endpoint, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok || !res.headers.get("content-type")?.includes("json")) return null;
    const body = (await res.json()) as unknown;
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
