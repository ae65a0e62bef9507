import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcProvider, startOidcProvider } from "../../tests/support/oidc-provider";
import { freeLoopbackPort } from "../process";
import { over18, verifiedIdToken } from "./oidc";
import { oidcProvider, pendingCookieValue, readPendingCookie } from "./providers";

beforeAll(() => {
  process.env.APP_SECRET = "age-assurance-test-secret-0123456789";
});

describe("the over-18 claim, read strictly", () => {
  it("passes only the boolean true", () => {
    expect(over18({ age_over_18: true }, "age_over_18")).toBe("yes");
    expect(over18({ age_over_18: false }, "age_over_18")).toBe("no");
    expect(over18({ age_over_18: "true" }, "age_over_18")).toBe("no");
    expect(over18({ age_over_18: 1 }, "age_over_18")).toBe("no");
    expect(over18({ age_over_18: [true] }, "age_over_18")).toBe("no");
    expect(over18({}, "age_over_18")).toBe("missing");
    expect(over18({ age_over_18: null }, "age_over_18")).toBe("missing");
    // The configured claim name, not another.
    expect(over18({ age_over_18: true }, "over18")).toBe("missing");
  });
});

describe("ID token verification", () => {
  let keys: JWTVerifyGetKey;
  let sign: (
    claims: Record<string, unknown>,
    options?: { issuer?: string; audience?: string | string[]; expired?: boolean },
  ) => Promise<string>;
  const expected = { issuer: "https://age.example", clientId: "site", nonce: "n".repeat(43) };

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256" }] });
    sign = (claims, options = {}) =>
      new SignJWT({ nonce: expected.nonce, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(options.issuer ?? expected.issuer)
        .setAudience(options.audience ?? expected.clientId)
        .setSubject("person-1")
        .setIssuedAt()
        .setExpirationTime(options.expired ? Math.floor(Date.now() / 1000) - 3600 : "5m")
        .sign(privateKey);
  });

  it("accepts the issuer's token for this client and attempt", async () => {
    expect((await verifiedIdToken(await sign({ age_over_18: true }), keys, expected))?.age_over_18).toBe(true);
  });

  it("refuses another issuer, another client, another attempt, an expired token and a forged signature", async () => {
    expect(await verifiedIdToken(await sign({}, { issuer: "https://evil.example" }), keys, expected)).toBeNull();
    expect(await verifiedIdToken(await sign({}, { audience: "other-site" }), keys, expected)).toBeNull();
    expect(await verifiedIdToken(await sign({ nonce: "m".repeat(43) }), keys, expected)).toBeNull();
    expect(await verifiedIdToken(await sign({}, { expired: true }), keys, expected)).toBeNull();
    // Several audiences: only with azp naming us.
    expect(await verifiedIdToken(await sign({}, { audience: ["site", "other"] }), keys, expected)).toBeNull();
    expect(await verifiedIdToken(await sign({ azp: "site" }, { audience: ["site", "other"] }), keys, expected)).not.toBeNull();
    const token = await sign({ age_over_18: false });
    const [head, , mac] = token.split(".");
    const forged = `${head}.${Buffer.from(JSON.stringify({ iss: expected.issuer, aud: "site", sub: "x", nonce: expected.nonce, exp: 9e9, age_over_18: true })).toString("base64url")}.${mac}`;
    expect(await verifiedIdToken(forged, keys, expected)).toBeNull();
    expect(await verifiedIdToken("not-a-jwt", keys, expected)).toBeNull();
  });
});

describe("the pending-check cookie", () => {
  const pending = { state: "s".repeat(43), nonce: "n".repeat(43), verifier: "v".repeat(43) };
  const cookiePart = (setCookie: string) => setCookie.split(";")[0] as string;

  it("round-trips the check and the page to return to", () => {
    expect(readPendingCookie(cookiePart(pendingCookieValue(pending, "/video/x?comments=20", false)))).toEqual({
      pending,
      returnTo: "/video/x?comments=20",
    });
  });

  it("refuses an altered, expired or absent cookie", () => {
    const cookie = cookiePart(pendingCookieValue(pending, "/", false, Date.now() - 11 * 60_000));
    expect(readPendingCookie(cookie)).toBeNull();
    const fresh = cookiePart(pendingCookieValue(pending, "/", false));
    expect(readPendingCookie(fresh.replace("s".repeat(43), "t".repeat(43)))).toBeNull();
    expect(readPendingCookie(null)).toBeNull();
    expect(readPendingCookie("ageCheck=garbage")).toBeNull();
  });
});

/**
 * The provider interface end to end against a real OpenID Connect provider on loopback (the one the Google
 * sign-in tests use): begin, the provider's authorization answer (a browser would follow it), finish.
 */
describe("the OpenID Connect provider against a local issuer", () => {
  let issuer: OidcProvider;
  const redirectUri = "http://127.0.0.1:9/age-check/callback";

  beforeAll(async () => {
    issuer = await startOidcProvider(await freeLoopbackPort(), { email: "adult@example.com", name: "Adult" });
  });
  afterAll(() => issuer?.stop());

  async function check(claims: Record<string, unknown>, settings: { issuer?: string; claim?: string } = {}) {
    issuer.setUser({ email: "adult@example.com", name: "Adult", extraClaims: claims });
    const provider = oidcProvider({
      issuer: settings.issuer ?? issuer.issuer,
      clientId: "age-client",
      claim: settings.claim ?? "age_over_18",
      scopes: "openid",
    });
    const started = await provider.begin?.(redirectUri);
    if (!started) throw new Error("no begin");
    const answer = await fetch(started.url, { redirect: "manual" });
    const back = new URL(answer.headers.get("location") as string);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    const query = { code: back.searchParams.get("code") ?? undefined, state: back.searchParams.get("state") ?? undefined };
    return { result: await provider.finish?.(query, started.pending, redirectUri), query, started, provider };
  }

  it("passes with the claim true, and only then", async () => {
    expect((await check({ age_over_18: true })).result).toMatchObject({ passed: true });
    expect((await check({})).result).toEqual({ passed: false, reason: "no-claim" });
    expect((await check({ age_over_18: false })).result).toEqual({ passed: false, reason: "not-over-18" });
    expect((await check({ age_over_18: "true" })).result).toEqual({ passed: false, reason: "not-over-18" });
    // The claim name is configuration.
    expect((await check({ over18: true }, { claim: "over18" })).result).toMatchObject({ passed: true });
  });

  it("refuses a state that is not this check's, a refusal, and a provider that is not the configured issuer", async () => {
    const { started, provider, query } = await check({ age_over_18: true });
    expect(await provider.finish?.({ ...query, state: "x".repeat(43) }, started.pending, redirectUri)).toEqual({
      passed: false,
      reason: "state",
    });
    expect(await provider.finish?.({ error: "access_denied", state: query.state }, started.pending, redirectUri)).toEqual({
      passed: false,
      reason: "refused",
    });
    // Configured with another issuer name than the one the provider states: its discovery is refused.
    const wrong = oidcProvider({ issuer: `${issuer.issuer}/other`, clientId: "age-client", claim: "age_over_18", scopes: "openid" });
    await expect(wrong.begin?.(redirectUri)).rejects.toThrow();
  });
});
