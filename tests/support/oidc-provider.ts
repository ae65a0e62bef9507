import { OAuth2Server } from "oauth2-mock-server";

export interface OidcUser {
  email: string;
  name: string;
  picture?: string;
  emailVerified?: boolean;
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
  await server.issuer.keys.generate("RS256");
  let current = user;
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      email: current.email,
      email_verified: current.emailVerified ?? true,
      name: current.name,
      ...(current.picture ? { picture: current.picture } : {}),
    });
  });
  server.service.on("beforeUserinfo", (userInfo) => {
    Object.assign(userInfo.body, { email: current.email, email_verified: current.emailVerified ?? true, name: current.name });
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
