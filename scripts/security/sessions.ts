import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { signInFormToken } from "../../tests/support/form-token";

export interface Session {
  email: string;
  /** The session cookie as the site set it, `better-auth.session_token=...`. */
  cookie: string;
}

/** The age gate's cookie: every scan browses as someone who said they are 18 or older. */
export const AGE_COOKIE = "ageVerified=true";

/**
 * Signs `email` in the documented way, over HTTP as a browser without JavaScript would: ask for a code,
 * read it from DATA_DIR/outbox (no SMTP_URL), post it. Each sign-in comes from its own forwarded address
 * (the site trusts X-Forwarded-For from loopback), so the scan's own requests do not use up its limits.
 */
export async function signIn(origin: string, dataDir: string, email: string): Promise<Session> {
  const headers = { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.99.${crypto.randomInt(1, 250)}.1` };
  const post = (fields: Record<string, string>) =>
    fetch(`${origin}/login`, { method: "POST", headers, body: new URLSearchParams({ redirectTo: "/", ...fields }), redirect: "manual" });
  // The request-code form's single-use token, read from the page as a browser would (server/services/form-token.ts).
  const asked = await post({
    intent: "request-code",
    email,
    formToken: await signInFormToken(origin, { "x-forwarded-for": headers["x-forwarded-for"] }),
  });
  if (asked.status >= 400) throw new Error(`asking a sign-in code for ${email} answered ${asked.status}`);
  const code = await codeFromOutbox(dataDir, email);
  const verified = await post({ intent: "verify-code", email, code });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .find((c) => /^(__Secure-)?better-auth\.session_token=/.test(c));
  if (verified.status !== 302 || !cookie) throw new Error(`signing ${email} in answered ${verified.status} without a session cookie`);
  return { email, cookie };
}

async function codeFromOutbox(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  for (let tries = 0; tries < 100; tries++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const code = text.includes(`To: ${email}`) ? /sign-in code is: (\d{6})/.exec(text)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code for ${email} in ${dir}`);
}

/** The operator's way to make an admin: `npm run cli -- user:role <email> admin` on the site's data dir. */
export function makeAdmin(dataDir: string, email: string): void {
  execFileSync("npm", ["run", "--silent", "cli", "--", "user:role", email, "admin"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "pipe",
  });
}

/** Whether the session still signs in (a scan that ended its own session scanned as a visitor from then on). */
export async function stillSignedIn(origin: string, session: Session): Promise<boolean> {
  const res = await fetch(`${origin}/profile`, { headers: { cookie: `${session.cookie}; ${AGE_COOKIE}` }, redirect: "manual" });
  return res.status === 200;
}
