import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";

export interface OidcUser {
  /** The provider's account id (`sub`); default one per address, as a real provider has. */
  sub?: string;
  email: string;
  name: string;
  picture?: string;
  /** The `email_verified` claim as sent (default true); "missing" leaves it out. Strings test strict reading. */
  emailVerified?: boolean | "true" | "false" | "missing";
  /** More claims for the ID token and userinfo (e.g. a confusing `emailVerified`). */
  extraClaims?: Record<string, unknown>;
}

/** The subject and e-mail claims of `user` as the provider sends them. */
function identityClaims(user: OidcUser): Record<string, unknown> {
  const verified = user.emailVerified ?? true;
  return {
    sub: user.sub ?? `oidc-${user.email}`,
    email: user.email,
    ...(verified === "missing" ? {} : { email_verified: verified }),
    ...user.extraClaims,
  };
}

export interface OidcProvider {
  issuer: string;
  /** The user the next sign-in returns. */
  setUser: (user: OidcUser) => void;
  stop: () => Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server: discovery, JWKS, authorize, token with a
 * signed id_token carrying the nonce, PKCE checked). The app reaches it through GOOGLE_ISSUER, the same
 * configuration that points it at Google in production.
 */
export async function startOidcProvider(port: number, user: OidcUser): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await loadSigningKey(server, port);
  let current = user;
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      ...identityClaims(current),
      name: current.name,
      ...(current.picture ? { picture: current.picture } : {}),
    });
  });
  server.service.on("beforeUserinfo", (userInfo) => {
    Object.assign(userInfo.body, { ...identityClaims(current), name: current.name });
  });
  // The issuer names the address the app is configured with (its buildIssuerUrl would say "localhost").
  server.issuer.url = `http://127.0.0.1:${port}`;
  await server.start(port, "127.0.0.1");
  return {
    issuer: server.issuer.url as string,
    setUser: (next) => {
      current = next;
    },
    stop: () => server.stop(),
  };
}

/**
 * One signing key per port, kept across restarts: Playwright restarts its worker after a failed test and
 * the spec starts the provider again, while the app keeps the JWKS it fetched (jose waits 30 s before it
 * fetches again for an unknown key). A new key would fail every following sign-in for another reason.
 */
async function loadSigningKey(server: OAuth2Server, port: number): Promise<void> {
  const file = path.join(os.tmpdir(), "pleazure-oidc-keys", `${port}.json`);
  if (fs.existsSync(file)) {
    await server.issuer.keys.add(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>);
    return;
  }
  await server.issuer.keys.generate("RS256");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(server.issuer.keys.toJSON(true)[0]), { mode: 0o600 });
}
