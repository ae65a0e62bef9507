import path from "node:path";
import { signInFormToken } from "../../tests/support/form-token";
import { awaitSignInCode } from "../../tests/support/outbox";

/**
 * A signed-in session on the bench's app, the way a person gets one: the e-mail code flow over HTTP, the
 * code read from the app's outbox (DATA_DIR/outbox: the bench configures no SMTP server; behind a proxy,
 * whichever instance sent it, so every instance's data directory is searched). Returns the Cookie header a
 * browser would then send (the session cookie, past the age gate). `headers` go with both requests (the load
 * test gives each person an address of their own in X-Forwarded-For: the sign-in limits are per address).
 */
export async function signInOverHttp(
  origin: string,
  dataDirs: string | readonly string[],
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const post = (fields: Record<string, string>) =>
    fetch(`${origin}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, ...headers },
      body: new URLSearchParams({ redirectTo: "/", email, ...fields }),
      redirect: "manual",
    });
  const asked = await post({ intent: "request-code", formToken: await signInFormToken(origin, headers) });
  if (asked.status >= 400) throw new Error(`bench sign-in: the code request answered ${asked.status}`);
  await asked.arrayBuffer();
  const outboxes = (typeof dataDirs === "string" ? [dataDirs] : dataDirs).map((d) => path.join(d, "outbox"));
  const code = await awaitSignInCode(outboxes, email);
  const verified = await post({ intent: "verify-code", code });
  await verified.arrayBuffer();
  const session = verified.headers.getSetCookie().find((c) => /session_token=/.test(c));
  if (verified.status !== 302 || !session) throw new Error(`bench sign-in: the code answered ${verified.status} without a session`);
  return `ageVerified=true; ${session.split(";")[0]}`;
}
