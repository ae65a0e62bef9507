import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lastSignInCode, mailsTo } from "../../tests/support/outbox";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { getViewer, responseCookiesContext, signOut } from "../http/session";
import { outboxDir } from "../mail";
import { setUserRole } from "../services/users";
import { type AuthRequestMeta, type CodeLimiters, requestSignInCode, signInWithCode } from "./email-code";

vi.hoisted(() => {
  process.env.DATA_DIR = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-auth-test-"));
  process.env.APP_SECRET = "auth-service-test-secret-0123456789abcdef";
});

const { handle } = useTestDatabase();
const ORIGIN = "http://localhost:3000";
const meta = (cookie?: string): AuthRequestMeta => ({
  origin: ORIGIN,
  ip: "198.51.100.7",
  headers: new Headers(cookie ? { cookie } : {}),
});
const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };
const noLimits: CodeLimiters = { perAddress: unlimited, perKnownDevice: unlimited, perIp: unlimited, signInsPerIp: unlimited };

afterEach(() => {
  vi.useRealTimers();
});

/** The newest message to `email` in the outbox. */
function lastMessage(email: string): string {
  const message = mailsTo(outboxDir(), email).at(-1);
  if (!message) throw new Error(`no message to ${email}`);
  return message;
}

/** The newest code mailed to `email`, read like a person reads the message: it ends the subject in every language. */
const lastCode = (email: string) => lastSignInCode(outboxDir(), email);

/** A loader's view of a request carrying `cookies`. */
function loaderArgs(cookies: string[]) {
  const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
  const appended: string[] = [];
  const context = new Map<unknown, unknown>([[responseCookiesContext, { append: (c: string) => appended.push(c) }]]);
  const ctx = { get: (key: unknown) => context.get(key) } as never;
  return { args: { request: new Request(`${ORIGIN}/profile`, { headers: { cookie } }), context: ctx }, appended };
}

describe("sign-in by e-mail code", () => {
  it("mails a 6-digit code to the outbox; the code signs in once and creates the users row (is_creator false, role user)", async () => {
    const sent = await requestSignInCode("  Ada@Example.COM ", meta(), noLimits);
    expect(sent).toEqual({ status: "sent", email: "ada@example.com" });
    const code = lastCode("ada@example.com");
    expect(code).toMatch(/^\d{6}$/);

    const signedIn = await signInWithCode("ada@example.com", code, meta(), noLimits);
    expect(signedIn.status).toBe("signed-in");
    if (signedIn.status !== "signed-in") return;
    const sessionCookie = signedIn.setCookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i); // plain http origin

    const row = await handle().db.selectFrom("users").selectAll().where("id", "=", signedIn.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: "ada@example.com", is_creator: false, role: "user", email_verified: true });

    // Reused: single use.
    expect(await signInWithCode("ada@example.com", code, meta(), noLimits)).toEqual({ status: "code-invalid" });

    const { args } = loaderArgs(signedIn.setCookies);
    expect(await getViewer(args)).toEqual({
      id: signedIn.userId,
      email: "ada@example.com",
      name: null,
      avatarUrl: null,
      role: "user",
      isCreator: false,
    });

    // One statement per lookup: the session row and its user, joined (every signed-in request makes one; a plain
    // session is read by session-read.ts, ADR 0046).
    const query = vi.spyOn(pg.Client.prototype, "query");
    await getViewer(loaderArgs(signedIn.setCookies).args);
    expect(query.mock.calls.map(([text]) => (typeof text === "string" ? text : (text as { text: string }).text))).toEqual([
      expect.stringMatching(/from "?auth_sessions"?.* join "?users"?/is),
    ]);
    query.mockRestore();

    // A role set by the console applies to the next request.
    await setUserRole("ada@example.com", "creator");
    expect(await getViewer(loaderArgs(signedIn.setCookies).args)).toMatchObject({ role: "creator", isCreator: true });

    // Signing out deletes the session: the same cookie no longer names anyone.
    const cleared = await signOut(args.request);
    expect(cleared.some((c) => /better-auth\.session_token=;/.test(c) || /Max-Age=0/i.test(c))).toBe(true);
    expect(await getViewer(loaderArgs(signedIn.setCookies).args)).toBeNull();
  });

  it("mails the code in the language of the page it was asked for on, by either kind of code", async () => {
    expect(await requestSignInCode("hanna@example.com", { ...meta(), locale: "de" }, noLimits)).toMatchObject({ status: "sent" });
    expect(lastMessage("hanna@example.com")).toContain("Dein Pleazure-Anmeldecode lautet: ");
    const signedIn = await signInWithCode("hanna@example.com", lastCode("hanna@example.com"), meta(), noLimits);
    if (signedIn.status !== "signed-in") throw new Error("not signed in");
    // This browser signed in before: its next code is a known device's (known-device-codes.ts), mailed the same way.
    const browser = signedIn.setCookies.map((c) => c.split(";")[0]).join("; ");
    expect(await requestSignInCode("hanna@example.com", { ...meta(browser), locale: "ar" }, noLimits)).toMatchObject({ status: "sent" });
    expect(lastMessage("hanna@example.com")).toContain("رمز تسجيل الدخول إلى Pleazure هو: ");
    expect((await signInWithCode("hanna@example.com", lastCode("hanna@example.com"), meta(browser), noLimits)).status).toBe("signed-in");
    await requestSignInCode("hanna@example.com", meta(), noLimits);
    expect(lastMessage("hanna@example.com")).toContain("Your Pleazure sign-in code is: ");
  });

  it("refuses a tampered session cookie", async () => {
    await requestSignInCode("tamper@example.com", meta(), noLimits);
    const signedIn = await signInWithCode("tamper@example.com", lastCode("tamper@example.com"), meta(), noLimits);
    if (signedIn.status !== "signed-in") throw new Error("not signed in");
    const cookie = signedIn.setCookies.find((c) => c.startsWith("better-auth.session_token=")) as string;
    const value = cookie.split(";")[0] as string;
    const tampered = `${value.slice(0, -3)}${value.endsWith("A") ? "B" : "A"}${value.slice(-2)}`;
    expect(await getViewer(loaderArgs([tampered]).args)).toBeNull();
    expect(await getViewer(loaderArgs(["better-auth.session_token=forged.signature"]).args)).toBeNull();
  });

  it("allows 3 wrong guesses, then the code is dead even when right", async () => {
    await requestSignInCode("guess@example.com", meta(), noLimits);
    const code = lastCode("guess@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++)
      expect(await signInWithCode("guess@example.com", wrong, meta(), noLimits)).toEqual({ status: "code-invalid" });
    expect(await signInWithCode("guess@example.com", code, meta(), noLimits)).toEqual({ status: "too-many-attempts" });
  });

  it("refuses a code after 5 minutes", async () => {
    await requestSignInCode("late@example.com", meta(), noLimits);
    const code = lastCode("late@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    expect(await signInWithCode("late@example.com", code, meta(), noLimits)).toEqual({ status: "code-expired" });
  });

  it("says what is missing or wrong before anything is sent", async () => {
    expect(await requestSignInCode("   ", meta(), noLimits)).toEqual({ status: "missing" });
    expect(await requestSignInCode("not-an-address", meta(), noLimits)).toEqual({ status: "invalid" });
    expect(await signInWithCode("a@example.com", "12ab56", meta(), noLimits)).toEqual({ status: "code-invalid" });
  });

  it("rate-limits code requests per address (3 per 5 minutes) and per IP (20 per hour), on the real store", async () => {
    const ip = (n: number): AuthRequestMeta => ({ ...meta(), ip: `203.0.113.${n}` });
    for (let i = 0; i < 3; i++) expect((await requestSignInCode("busy@example.com", ip(i), undefined)).status).toBe("sent");
    const refused = await requestSignInCode("busy@example.com", ip(9), undefined);
    expect(refused.status).toBe("rate-limited");
    if (refused.status === "rate-limited") expect(refused.retryAfterMs).toBeGreaterThan(4 * 60_000);

    for (let i = 0; i < 20; i++) expect((await requestSignInCode(`nat${i}@example.com`, ip(50), undefined)).status).toBe("sent");
    expect((await requestSignInCode("nat-last@example.com", ip(50), undefined)).status).toBe("rate-limited");
  });

  it("rate-limits sign-in attempts per IP (15 per 5 minutes)", async () => {
    // One address per attempt: the per-address cap on wrong codes (10) is a separate rule (code-lockout.test.ts).
    const from = { ...meta(), ip: "203.0.113.200" };
    for (let i = 0; i < 15; i++) expect((await signInWithCode(`x${i}@example.com`, "123456", from, undefined)).status).toBe("code-invalid");
    expect((await signInWithCode("x-last@example.com", "123456", from, undefined)).status).toBe("rate-limited");
  });
});

describe("pagePath", () => {
  it("names the page of a client navigation's data request", async () => {
    const { pagePath } = await import("../http/session");
    expect(pagePath(new URL("http://x/favorites.data?_routes=routes%2Faccount%2Ffavorites"))).toBe("/favorites");
    expect(pagePath(new URL("http://x/profile?tab=1"))).toBe("/profile?tab=1");
    expect(pagePath(new URL("http://x/_.data"))).toBe("/");
  });
});
