import { describe, expect, it, vi } from "vitest";
import { lastSignInCode, mailsTo } from "../../tests/support/outbox";
import { useTestDatabase } from "../../tests/support/test-db";
import { outboxDir } from "../mail";
import { setUserRole } from "../services/users";
import { type AuthRequestMeta, requestSignInCode, signInWithCode } from "./email-code";
import { KNOWN_DEVICE } from "./rules";

/**
 * Issue 19 item 2 on real PostgreSQL: wrong codes are capped per address across codes and IPs, the owner is
 * told once, a browser that signed in before still gets in, and nothing the attacker does touches its code.
 * Every limiter is the shared one on the store (no stubs): the addresses and IPs are this file's own.
 */

vi.hoisted(() => {
  process.env.DATA_DIR = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "pleazure-lockout-test-"));
  process.env.APP_SECRET = "lockout-service-test-secret-0123456789abcdef";
});

const { handle } = useTestDatabase();
const ORIGIN = "http://localhost:3000";

let ipCounter = 0;
/** A request from an address of its own (v4, v6 in its own /64, or v4-mapped), with `cookie` if given. */
function from(cookie?: string, ip?: string): AuthRequestMeta {
  ipCounter++;
  const kinds = [
    `198.18.${ipCounter % 250}.${(ipCounter % 200) + 1}`,
    `2001:db8:${ipCounter.toString(16)}::1`,
    `::ffff:198.19.0.${(ipCounter % 250) + 1}`,
  ];
  return { origin: ORIGIN, ip: ip ?? kinds[ipCounter % kinds.length] ?? null, headers: new Headers(cookie ? { cookie } : {}) };
}

const messagesTo = (email: string) => mailsTo(outboxDir(), email);
const notices = (email: string) => messagesTo(email).filter((m) => m.includes("sign-in codes for your account are paused"));
const lastCode = (email: string) => lastSignInCode(outboxDir(), email);
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

/** Signs `email` in with a code (creating the account) and returns the browser's cookies afterwards. */
async function signInOnce(email: string): Promise<{ cookie: string; userId: string }> {
  expect((await requestSignInCode(email, from())).status).toBe("sent");
  const signedIn = await signInWithCode(email, lastCode(email), from());
  if (signedIn.status !== "signed-in") throw new Error(`sign-in: ${signedIn.status}`);
  const cookie = signedIn.setCookies.map((c) => c.split(";")[0]).join("; ");
  return { cookie, userId: signedIn.userId };
}

describe("the per-address cap on wrong sign-in codes", () => {
  it("sets an httpOnly, SameSite=Lax known-device cookie naming the account on sign-in", async () => {
    const email = "cookie-owner@example.com";
    expect((await requestSignInCode(email, from())).status).toBe("sent");
    const signedIn = await signInWithCode(email, lastCode(email), from());
    if (signedIn.status !== "signed-in") throw new Error(signedIn.status);
    const known = signedIn.setCookies.find((c) => c.startsWith(`${KNOWN_DEVICE.cookieName}=`)) as string;
    expect(known).toMatch(/HttpOnly/i);
    expect(known).toMatch(/SameSite=Lax/i);
    expect(known).toMatch(/Max-Age=31536000/i);
    expect(known).toContain(signedIn.userId);
  });

  it("50 wrong guesses at an admin's address from 50 IPs, under every spelling of it: refused from the 10th, one notice; the owner's known browser still signs in, a new one is refused", async () => {
    const owner = await signInOnce("admin-target@example.com");
    await setUserRole("admin-target@example.com", "admin");
    const spellings = [
      " Admin-Target@Example.com ",
      "ADMIN-TARGET@EXAMPLE.COM",
      "admin-target@example.com",
      "\tadmin-target@example.COM\n",
    ];
    const outcomes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const outcome = await signInWithCode(spellings[i % spellings.length] as string, String(100000 + i), from());
      outcomes.push(outcome.status);
    }
    expect(outcomes.slice(0, 9)).toEqual(Array(9).fill("code-invalid"));
    expect(outcomes.slice(9)).toEqual(Array(41).fill("locked"));
    expect(notices("admin-target@example.com")).toHaveLength(1);
    const notice = notices("admin-target@example.com")[0] as string;
    expect(notice).toContain("a browser or device where you signed in before");
    expect(notice).not.toMatch(/sign-in code is: \d{6}/);

    // A browser that never signed in gets no code (and no message is sent).
    const before = messagesTo("admin-target@example.com").length;
    const refused = await requestSignInCode(" ADMIN-target@example.com", from());
    expect(refused.status).toBe("locked");
    if (refused.status === "locked") expect(refused.retryAfterMs).toBeGreaterThan(50 * 60_000);
    expect(messagesTo("admin-target@example.com")).toHaveLength(before);

    // The owner's browser asks for a code and signs in.
    expect((await requestSignInCode("admin-target@example.com", from(owner.cookie))).status).toBe("sent");
    const back = await signInWithCode("admin-target@example.com", lastCode("admin-target@example.com"), from(owner.cookie));
    expect(back).toMatchObject({ status: "signed-in", userId: owner.userId });
    // And no second notice came of it.
    expect(notices("admin-target@example.com")).toHaveLength(1);
  });

  it("50 parallel wrong guesses from 50 IPs: all refused, exactly one notice (both caps reached at once)", async () => {
    const { userId } = await signInOnce("burst@example.com");
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signInWithCode("burst@example.com", String(200000 + i), from())),
    );
    expect(outcomes.every((o) => o.status === "code-invalid" || o.status === "locked")).toBe(true);
    expect(outcomes.some((o) => o.status === "locked")).toBe(true);
    expect(notices("burst@example.com")).toHaveLength(1);
    const sessions = await handle().db.selectFrom("auth_sessions").select("id").where("user_id", "=", userId).execute();
    expect(sessions).toHaveLength(1); // the owner's own sign-in only
    expect((await requestSignInCode("burst@example.com", from())).status).toBe("locked");
  });

  it("ways around the cap that do not work, and one that is another address", async () => {
    const owner = await signInOnce("dodge@example.com");
    const other = await signInOnce("someone-else@example.com");
    for (let i = 0; i < 10; i++) await signInWithCode("dodge@example.com", String(300000 + i), from());
    const victimCookie = owner.cookie.split("; ").find((c) => c.startsWith(`${KNOWN_DEVICE.cookieName}=`)) as string;
    const [name, value] = victimCookie.split("=") as [string, string];
    const attempts: { what: string; email: string; meta: AuthRequestMeta }[] = [
      { what: "upper case", email: "DODGE@EXAMPLE.COM", meta: from() },
      { what: "spaces around", email: "   dodge@example.com   ", meta: from() },
      { what: "a new IPv4", email: "dodge@example.com", meta: from(undefined, "192.0.2.77") },
      { what: "IPv6, another /64", email: "dodge@example.com", meta: from(undefined, "2001:db8:ffff:1::2") },
      { what: "IPv4-mapped IPv6", email: "dodge@example.com", meta: from(undefined, "::ffff:192.0.2.78") },
      { what: "no IP at all", email: "dodge@example.com", meta: from(undefined, "") },
      { what: "the attacker's own known-device cookie", email: "dodge@example.com", meta: from(other.cookie) },
      { what: "a forged known-device cookie", email: "dodge@example.com", meta: from(`${name}=kd1~${owner.userId}.forged`) },
      { what: "the owner's cookie with the signature cut", email: "dodge@example.com", meta: from(`${name}=${value.slice(0, -4)}`) },
      { what: "an unsigned cookie naming the owner", email: "dodge@example.com", meta: from(`${name}=kd1~${owner.userId}`) },
    ];
    for (const { what, email, meta } of attempts) {
      expect((await requestSignInCode(email, meta)).status, what).toBe("locked");
      expect((await signInWithCode(email, "123456", meta)).status, what).toBe("locked");
    }
    // Plus-addressing is another address (another mailbox as far as the site knows): its own count.
    expect((await requestSignInCode("dodge+1@example.com", from())).status).toBe("sent");
    // The owner's own cookie still works.
    expect((await requestSignInCode("dodge@example.com", from(owner.cookie))).status).toBe("sent");
  });

  it("the attacker cannot keep the owner's known-browser code invalid: new code requests and wrong guesses leave it working", async () => {
    const owner = await signInOnce("keep-valid@example.com");
    expect((await requestSignInCode("keep-valid@example.com", from(owner.cookie))).status).toBe("sent");
    const ownersCode = lastCode("keep-valid@example.com");
    // Before any lockout, the attacker asks for new codes and guesses (each reaches better-auth's own codes).
    for (let i = 0; i < 2; i++) expect((await requestSignInCode("keep-valid@example.com", from())).status).toBe("sent");
    const refusedGuess = ["code-invalid", "too-many-attempts"];
    for (let i = 0; i < 5; i++)
      expect(refusedGuess).toContain((await signInWithCode("keep-valid@example.com", wrongFor(ownersCode), from())).status);
    // Even the owner's very code, tried from a new browser: it is not that bucket's code.
    expect(refusedGuess).toContain((await signInWithCode("keep-valid@example.com", ownersCode, from())).status);
    const back = await signInWithCode("keep-valid@example.com", ownersCode, from(owner.cookie));
    expect(back).toMatchObject({ status: "signed-in", userId: owner.userId });
  });

  it("the known-browser bucket has its own cap (no notice for it), single-use codes and 3 attempts per code", async () => {
    const owner = await signInOnce("own-cap@example.com");
    expect((await requestSignInCode("own-cap@example.com", from(owner.cookie))).status).toBe("sent");
    const code = lastCode("own-cap@example.com");
    for (let i = 0; i < 3; i++)
      expect((await signInWithCode("own-cap@example.com", wrongFor(code), from(owner.cookie))).status).toBe("code-invalid");
    expect((await signInWithCode("own-cap@example.com", code, from(owner.cookie))).status).toBe("too-many-attempts");
    expect((await requestSignInCode("own-cap@example.com", from(owner.cookie))).status).toBe("sent");
    const second = lastCode("own-cap@example.com");
    expect((await signInWithCode("own-cap@example.com", second, from(owner.cookie))).status).toBe("signed-in");
    expect((await signInWithCode("own-cap@example.com", second, from(owner.cookie))).status).toBe("code-invalid"); // used
    // 5 failures so far in the bucket (3 wrong, 1 spent, 1 used); 5 more lock it, without a notice, and the
    // public bucket stays open.
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await signInWithCode("own-cap@example.com", "123456", from(owner.cookie))).status);
    expect(outcomes).toEqual(["code-invalid", "code-invalid", "code-invalid", "code-invalid", "locked"]);
    expect((await requestSignInCode("own-cap@example.com", from(owner.cookie))).status).toBe("locked");
    expect(notices("own-cap@example.com")).toHaveLength(0);
    expect((await requestSignInCode("own-cap@example.com", from())).status).toBe("sent");
  });

  it("an address without an account locks the same way (nothing tells whether it has one) and no one is mailed", async () => {
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push((await signInWithCode("nobody-here@example.com", "654321", from())).status);
    expect(outcomes.at(-1)).toBe("locked");
    expect((await requestSignInCode("nobody-here@example.com", from())).status).toBe("locked");
    expect(messagesTo("nobody-here@example.com")).toHaveLength(0);
    const rows = await handle().db.selectFrom("users").select("id").where("email", "=", "nobody-here@example.com").execute();
    expect(rows).toHaveLength(0);
  });
});
