import crypto from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { lastSignInCode } from "../../tests/support/outbox";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { sessionViewer } from "../http/session";
import { outboxDir } from "../mail";
import { setUserRole } from "../services/users";
import { authFor } from "./auth";
import { type AuthRequestMeta, type CodeLimiters, requestSignInCode, signInWithCode } from "./email-code";
import { SESSION } from "./rules";
import { cookieValue, readSession, verifiedValue } from "./session-read";

vi.hoisted(() => {
  process.env.DATA_DIR = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-session-read-"));
  process.env.APP_SECRET = "session-read-test-secret-0123456789abcdef";
});

const { handle } = useTestDatabase();
const ORIGIN = "http://localhost:3000";
const COOKIE = "better-auth.session_token";
const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };
const noLimits: CodeLimiters = { perAddress: unlimited, perKnownDevice: unlimited, perIp: unlimited, signInsPerIp: unlimited };
const meta = (origin = ORIGIN): AuthRequestMeta => ({ origin, ip: "198.51.100.9", headers: new Headers() });

/**
 * Signs `email` in by an e-mail code on `origin`: the Cookie header the browser then sends (the session cookie,
 * `__Secure-` on https), the user's id and the session's token.
 */
async function signedIn(email: string, origin = ORIGIN): Promise<{ cookie: string; userId: string; token: string }> {
  await requestSignInCode(email, meta(origin), noLimits);
  const result = await signInWithCode(email, lastSignInCode(outboxDir(), email), meta(origin), noLimits);
  if (result.status !== "signed-in") throw new Error(`sign-in failed: ${result.status}`);
  const name = origin.startsWith("https://") ? `__Secure-${COOKIE}` : COOKIE;
  const pair = result.setCookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0] ?? "";
  if (!pair) throw new Error(`no ${name} cookie`);
  const token = decodeURIComponent(pair.slice(name.length + 1)).split(".")[0] ?? "";
  return { cookie: pair, userId: result.userId, token };
}

/** What better-auth's own endpoint says of a Cookie header: the user id or null, and the cookies it sets. */
async function betterAuthSays(cookie: string): Promise<{ userId: string | null; setCookies: string[] }> {
  const answer = await authFor(ORIGIN).api.getSession({ headers: new Headers({ cookie }), returnHeaders: true });
  return { userId: answer.response?.user.id ?? null, setCookies: answer.headers.getSetCookie() };
}

const setExpiry = (token: string, at: Date) => sql`UPDATE auth_sessions SET expires_at = ${at} WHERE token = ${token}`.execute(handle().db);

describe("reading a session without better-auth's endpoint", () => {
  it("answers a fresh session as better-auth does, with the user's role read on every request", async () => {
    const { cookie, userId } = await signedIn("reader@example.com");
    const theirs = (await authFor(ORIGIN).api.getSession({ headers: new Headers({ cookie }) }))?.user;
    expect(theirs?.id).toBe(userId);
    const { id, email, name, image, role } = theirs ?? {};
    expect(await readSession(cookie, ORIGIN)).toEqual({ id, email, name, image: image ?? null, role });
    expect(await betterAuthSays(cookie)).toEqual({ userId, setCookies: [] });
    await setUserRole("reader@example.com", "admin");
    expect((await readSession(cookie, ORIGIN))?.role).toBe("admin");
    const set: string[] = [];
    expect(await sessionViewer(new Headers({ cookie: `other=1; ${cookie}` }), ORIGIN, (c) => set.push(c))).toMatchObject({
      id: userId,
      role: "admin",
    });
    expect(set).toEqual([]);
  });

  it("leaves to better-auth every cookie it would refuse: tampered, signed with another key, unknown or signed out", async () => {
    const { cookie, token } = await signedIn("tamper@example.com");
    const value = decodeURIComponent(cookie.slice(COOKIE.length + 1));
    const other = crypto.createHmac("sha256", "another-secret").update(token).digest("base64");
    const forged = [
      `${COOKIE}=${encodeURIComponent(`${token}x.${value.split(".")[1]}`)}`, // another token under the signature
      `${COOKIE}=${encodeURIComponent(`${token}.${other}`)}`, // the token signed with another key
      `${COOKIE}=${token}`, // no signature
      `${COOKIE}=${encodeURIComponent(`${crypto.randomUUID()}.${value.split(".")[1]}`)}`,
    ];
    for (const bad of forged) {
      expect(await readSession(bad, ORIGIN)).toBeUndefined();
      expect((await betterAuthSays(bad)).userId).toBeNull();
      expect(await sessionViewer(new Headers({ cookie: bad }), ORIGIN, () => {})).toBeNull();
    }
    await sql`DELETE FROM auth_sessions WHERE token = ${token}`.execute(handle().db);
    expect(await readSession(cookie, ORIGIN)).toBeUndefined();
    expect(await sessionViewer(new Headers({ cookie }), ORIGIN, () => {})).toBeNull();
  });

  it("leaves expired sessions to better-auth, which clears the cookie and deletes the row", async () => {
    const { cookie, token } = await signedIn("expired@example.com");
    await setExpiry(token, new Date(Date.now() - 1000));
    expect(await readSession(cookie, ORIGIN)).toBeUndefined();
    const set: string[] = [];
    expect(await sessionViewer(new Headers({ cookie }), ORIGIN, (c) => set.push(c))).toBeNull();
    expect(set.some((c) => c.startsWith(`${COOKIE}=;`) && /Max-Age=0/i.test(c))).toBe(true);
    const { rows } = await sql`SELECT 1 FROM auth_sessions WHERE token = ${token}`.execute(handle().db);
    expect(rows).toHaveLength(0);
  });

  it("leaves a session due for its sliding refresh to better-auth, which extends it and sets the cookie again", async () => {
    const { cookie, token, userId } = await signedIn("sliding@example.com");
    // Last extended just over updateAge ago.
    const due = Date.now() + (SESSION.expiresInSeconds - SESSION.updateAgeSeconds - 60) * 1000;
    await setExpiry(token, new Date(due));
    expect(await readSession(cookie, ORIGIN)).toBeUndefined();
    const set: string[] = [];
    expect(await sessionViewer(new Headers({ cookie }), ORIGIN, (c) => set.push(c))).toMatchObject({ id: userId });
    expect(set.some((c) => c.startsWith(`${COOKIE}=`) && /Max-Age=2592000/.test(c))).toBe(true);
    const { rows } = await sql<{ expires_at: Date }>`SELECT expires_at FROM auth_sessions WHERE token = ${token}`.execute(handle().db);
    expect(rows[0]!.expires_at.getTime()).toBeGreaterThan(due + 60_000);
    // Extended: read here again until the next refresh is due.
    expect((await readSession(cookie, ORIGIN))?.id).toBe(userId);
    // One minute short of due: still answered here.
    await setExpiry(token, new Date(due + 120_000));
    expect((await readSession(cookie, ORIGIN))?.id).toBe(userId);
  });

  it("leaves a request with better-auth's session-data cookie to better-auth, which clears it (no cookie cache here)", async () => {
    const { cookie, userId } = await signedIn("data-cookie@example.com");
    const withData = `${cookie}; better-auth.session_data=stale`;
    expect(await readSession(withData, ORIGIN)).toBeUndefined();
    const set: string[] = [];
    expect(await sessionViewer(new Headers({ cookie: withData }), ORIGIN, (c) => set.push(c))).toMatchObject({ id: userId });
    expect(set.some((c) => c.startsWith("better-auth.session_data=;"))).toBe(true);
    // In chunks, as better-auth writes a large one: better-auth clears those too.
    const chunked = `${cookie}; better-auth.session_data.0=sta; better-auth.session_data.1=le`;
    expect(await readSession(chunked, ORIGIN)).toBeUndefined();
    expect(await sessionViewer(new Headers({ cookie: chunked }), ORIGIN, () => {})).toMatchObject({ id: userId });
  });

  it("answers the __Secure- cookie of an https origin, and not a cookie of the other name", async () => {
    const https = "https://site.example";
    const { cookie, userId } = await signedIn("secure@example.com", https);
    expect(cookie.startsWith(`__Secure-${COOKIE}=`)).toBe(true);
    expect((await readSession(cookie, https))?.id).toBe(userId);
    // The same value under the plain name is not the https site's cookie.
    expect(await readSession(cookie.replace("__Secure-", ""), https)).toBeUndefined();
  });

  it("reads a Cookie header as better-auth's HTTP layer does", () => {
    const header = ' a=1; b="two"; a=3; c=%7Bx%7D; d=%E0%A4%A; =e; f';
    expect(["a", "b", "c", "d", "e", "f"].map((name) => cookieValue(header, name))).toEqual(["1", "two", "{x}", "%E0%A4%A", null, null]);
    const key = crypto.createSecretKey(Buffer.from("k"));
    const sig = crypto.createHmac("sha256", "k").update("token").digest("base64");
    expect(verifiedValue(`token.${sig}`, key)).toBe("token");
    expect(verifiedValue(`token.${sig.slice(0, -2)}A=`, key)).toBeNull();
    expect(verifiedValue(`.${sig}`, key)).toBeNull();
    expect(verifiedValue(null, key)).toBeNull();
  });
});
