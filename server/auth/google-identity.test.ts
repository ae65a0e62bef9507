import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type OidcProvider, type OidcUser, startOidcProvider } from "../../tests/support/oidc-provider";
import { lastSignInCode } from "../../tests/support/outbox";
import { useTestDatabase } from "../../tests/support/test-db";
import { outboxDir } from "../mail";
import { setUserRole } from "../services/users";
import { authFor } from "./auth";
import { type AuthRequestMeta, requestSignInCode, signInWithCode } from "./email-code";
import { startGoogleSignIn } from "./google";
import { acceptGoogleIdentity, verifiedFlag } from "./google-identity";

/**
 * Issue 19 item 3: Google (an OpenID provider at GOOGLE_ISSUER) signs in, links or creates an account only
 * when it says email_verified === true. The whole round trip runs for real: better-auth's start, the local
 * provider (tests/support/oidc-provider.ts: authorize, token, signed ID token, JWKS), and better-auth's
 * callback handler, on real PostgreSQL.
 */

const { port } = vi.hoisted(() => {
  const port = 42000 + Math.floor(Math.random() * 7000);
  process.env.DATA_DIR = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-google-test-"));
  process.env.APP_SECRET = "google-identity-test-secret-0123456789abcdef";
  process.env.GOOGLE_CLIENT_ID = "test-client";
  process.env.GOOGLE_CLIENT_SECRET = "test-secret";
  process.env.GOOGLE_ISSUER = `http://127.0.0.1:${port}`;
  return { port };
});

const { handle } = useTestDatabase();
const ORIGIN = "http://localhost:3000";
let provider: OidcProvider;
let ipCounter = 0;

beforeAll(async () => {
  provider = await startOidcProvider(port, { email: "nobody@example.com", name: "Nobody" });
});
afterAll(async () => provider?.stop());

const meta = (cookie?: string): AuthRequestMeta => ({
  origin: ORIGIN,
  ip: `198.51.100.${++ipCounter}`,
  headers: new Headers(cookie ? { cookie } : {}),
});

/** Google sign-in as a browser does it: start, the provider's consent, the return to the callback. */
async function googleSignIn(user: OidcUser): Promise<{ location: string; setCookies: string[] }> {
  provider.setUser(user);
  const started = await startGoogleSignIn("/", meta());
  if (started.status !== "redirect") throw new Error(`start: ${started.status}`);
  const consent = await fetch(started.url, { redirect: "manual" });
  const back = consent.headers.get("location");
  if (!back) throw new Error(`provider answered ${consent.status}`);
  const cookie = started.setCookies.map((c) => c.split(";")[0]).join("; ");
  const res = await authFor(ORIGIN).handler(new Request(back, { headers: { cookie } }));
  return { location: res.headers.get("location") ?? "", setCookies: res.headers.getSetCookie() };
}

async function userRow(email: string) {
  return handle().db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}
async function googleAccounts(userId: string) {
  return handle()
    .db.selectFrom("auth_accounts")
    .select("provider_id")
    .where("user_id", "=", userId)
    .where("provider_id", "=", "google")
    .execute();
}

const lastCode = (email: string) => lastSignInCode(outboxDir(), email);

/** An admin who signed up with an e-mail code (verified address), as the attacker's target. */
async function adminByCode(email: string) {
  expect((await requestSignInCode(email, meta())).status).toBe("sent");
  const signedIn = await signInWithCode(email, lastCode(email), meta());
  if (signedIn.status !== "signed-in") throw new Error(signedIn.status);
  await setUserRole(email, "admin");
  return (await userRow(email)) as NonNullable<Awaited<ReturnType<typeof userRow>>>;
}

const hasSession = (setCookies: string[]) => setCookies.some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c));

// Every way a provider can say "not verified" (or say it ambiguously), and one token that also carries a
// camel-case `emailVerified: true` next to a false `email_verified`.
const UNVERIFIED: { what: string; claim: OidcUser["emailVerified"]; extraClaims?: Record<string, unknown> }[] = [
  { what: "email_verified false", claim: false },
  { what: "email_verified missing", claim: "missing" },
  { what: 'email_verified the string "true"', claim: "true" },
  { what: 'email_verified the string "false"', claim: "false" },
  { what: "email_verified false with emailVerified true beside it", claim: false, extraClaims: { emailVerified: true } },
  { what: "email_verified 1", claim: "missing", extraClaims: { email_verified: 1 } },
];

describe("Google sign-in with an unverified address", () => {
  it.each(UNVERIFIED)(
    "matching an admin: $what: no link, no session, the admin's account unchanged",
    async ({ what, claim, extraClaims }) => {
      const email = `admin-${UNVERIFIED.findIndex((v) => v.what === what)}@example.com`;
      const admin = await adminByCode(email);
      const { location, setCookies } = await googleSignIn({
        email,
        name: "Mallory",
        picture: "https://evil.example/x.png",
        emailVerified: claim,
        extraClaims,
      });
      // better-auth's own link rule refuses first (no trusted providers, the flag read strictly).
      expect(location).toBe("/login?error=account_not_linked");
      expect(hasSession(setCookies)).toBe(false);
      expect(await googleAccounts(admin.id)).toHaveLength(0);
      expect(await userRow(email)).toEqual(admin);
    },
  );

  it.each(UNVERIFIED)("for a new address: $what: nothing is created, no session", async ({ what, claim, extraClaims }) => {
    const email = `new-${UNVERIFIED.findIndex((v) => v.what === what)}@example.com`;
    const { location, setCookies } = await googleSignIn({ email, name: "New", emailVerified: claim, extraClaims });
    expect(location).toMatch(/^\/login\?error=email_not_verified&/);
    expect(hasSession(setCookies)).toBe(false);
    expect(await userRow(email)).toBeUndefined();
    const accounts = await handle().db.selectFrom("auth_accounts").select("id").where("account_id", "=", `oidc-${email}`).execute();
    expect(accounts).toHaveLength(0);
  });
});

describe("Google sign-in with a verified address", () => {
  it("links to the existing account with that address and signs it in; again next time", async () => {
    const admin = await adminByCode("linked-admin@example.com");
    const first = await googleSignIn({ email: "linked-admin@example.com", name: "Ada", emailVerified: true });
    expect(first.location).toBe("/");
    expect(hasSession(first.setCookies)).toBe(true);
    expect(await googleAccounts(admin.id)).toHaveLength(1);
    expect(first.setCookies.some((c) => c.startsWith("pleazure.known_device=") && c.includes(admin.id))).toBe(true);
    const again = await googleSignIn({ email: "linked-admin@example.com", name: "Ada", emailVerified: true });
    expect(hasSession(again.setCookies)).toBe(true);
    expect(await googleAccounts(admin.id)).toHaveLength(1);
    expect((await userRow("linked-admin@example.com"))?.role).toBe("admin");
  });

  it("creates a new account, its address marked verified", async () => {
    const { location, setCookies } = await googleSignIn({ email: "fresh-google@example.com", name: "Fresh", emailVerified: true });
    expect(location).toBe("/");
    expect(hasSession(setCookies)).toBe(true);
    expect(await userRow("fresh-google@example.com")).toMatchObject({ email_verified: true, full_name: "Fresh", role: "user" });
  });

  it("an already linked account whose provider later says unverified is refused", async () => {
    await googleSignIn({ email: "later@example.com", name: "Later", emailVerified: true });
    const later = await googleSignIn({ email: "later@example.com", name: "Later", emailVerified: false });
    expect(later.location).toMatch(/^\/login\?error=email_not_verified&/);
    expect(hasSession(later.setCookies)).toBe(false);
  });
});

describe("the rule itself", () => {
  it.each([
    [true, true],
    [false, false],
    ["true", false],
    ["false", false],
    [1, false],
    [null, false],
    [undefined, false],
  ])("email_verified %j counts as verified: %s", (claim, verified) => {
    expect(verifiedFlag({ email_verified: claim })).toBe(verified);
    const oauth = { method: "oauth", oauth: { providerId: "google", profile: { email_verified: claim } } };
    expect(acceptGoogleIdentity(oauth) === undefined).toBe(verified);
  });

  it("e-mail codes prove the mailbox themselves: not gated", () => {
    expect(acceptGoogleIdentity({ method: "email-otp" })).toBeUndefined();
    expect(acceptGoogleIdentity({ method: "oauth", oauth: { providerId: "google" } })).toMatchObject({ error: "email_not_verified" });
  });
});
