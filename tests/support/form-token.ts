/**
 * Forms that carry a single-use token (server/services/form-token.ts: contact, takedown, report, sign-in): a client that
 * posts them first reads the token from the page, as a browser has it. The token is not tied to a session, so any
 * request may read it.
 */

/** The token of the form in `html` (the hidden `formToken` field), or throws. */
export function formTokenIn(html: string): string {
  const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("the page has no form token");
  return token;
}

/**
 * A fresh token for the request-code form of `${origin}/login`; empty from a release before single-use tokens
 * (the rolling-upgrade drill signs in at the previous release, which neither issues nor reads one).
 */
export async function signInFormToken(origin: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${origin}/login`, { headers: { cookie: "ageVerified=true", ...headers } });
  const html = await res.text();
  return html.includes('name="formToken"') ? formTokenIn(html) : "";
}
