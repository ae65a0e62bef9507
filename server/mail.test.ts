import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../tests/support/test-db";
import { type AuthRequestMeta, requestSignInCode, signInWithCode } from "./auth/email-code";
import type { RateLimiter } from "./db/rate-limit";

// SMTP_URL is read once (server/env.ts), so the test's SMTP server gets its port before anything reads it.
const { port } = vi.hoisted(() => {
  // vi.hoisted runs before the imports, so it requires what it needs itself.
  const free = require("node:child_process").execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]);
  const port = Number(String(free));
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = "Pleazure Test <codes@pleazure.test>";
  process.env.APP_SECRET = "smtp-test-secret-0123456789abcdefghij";
  return { port };
});

useTestDatabase();

interface Received {
  from: string;
  to: string[];
  body: string;
}
const received: Received[] = [];
let server: SMTPServer;

beforeAll(async () => {
  // A real SMTP server on loopback: the message crosses the wire as it would to a mail relay.
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };
const limiters = { perAddress: unlimited, perKnownDevice: unlimited, perIp: unlimited, signInsPerIp: unlimited };
const meta: AuthRequestMeta = { origin: "https://pleazure.test", ip: "198.51.100.9", headers: new Headers() };

describe("mail over SMTP (SMTP_URL set)", () => {
  it("sends the sign-in code through the SMTP server, and that code signs in (Secure cookie on an https origin)", async () => {
    expect(await requestSignInCode("smtp-user@example.com", meta, limiters)).toMatchObject({ status: "sent" });
    const message = received.find((m) => m.to.includes("smtp-user@example.com"));
    expect(message?.from).toBe("codes@pleazure.test");
    expect(message?.body).toMatch(/Subject: Your Pleazure sign-in code: \d{6}/);
    const code = /sign-in code is: (\d{6})/.exec(message?.body ?? "")?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);

    const signedIn = await signInWithCode("smtp-user@example.com", code, meta, limiters);
    expect(signedIn.status).toBe("signed-in");
    if (signedIn.status === "signed-in") {
      const cookie = signedIn.setCookies.find((c) => c.includes("session_token="));
      expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    }
  });
});
