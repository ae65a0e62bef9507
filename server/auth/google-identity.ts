/**
 * Which OpenID identities may sign in (issue 19 item 3). An address the provider has not verified proves
 * nothing: anyone can create a Google account (or run a provider at GOOGLE_ISSUER) naming someone else's
 * address. So an identity is accepted only when its ID token or userinfo says `email_verified` is the
 * boolean `true`: not missing, not the string "true". Refused identities create no user, link nothing to an
 * existing account and get no session; the visitor sees the 'googleFailed' text on /login.
 */

/** The provider's verified flag, read strictly (better-auth's own reading also accepts "true"). */
export function verifiedFlag(profile: Record<string, unknown> | undefined): boolean {
  return profile?.email_verified === true;
}

/** What better-auth's `user.validateUserInfo` tells about a provider sign-in, link or sign-up. */
export interface IdentitySource {
  method: string;
  oauth?: { providerId: string; profile?: Record<string, unknown> | undefined } | undefined;
}

/**
 * better-auth's `user.validateUserInfo` gate: runs before it creates a user, links an account or signs a
 * provider user in. Non-provider methods (e-mail codes prove the mailbox themselves) pass.
 */
export function acceptGoogleIdentity(source: IdentitySource): { error: string; errorDescription: string } | undefined {
  if (source.method !== "oauth") return undefined;
  if (verifiedFlag(source.oauth?.profile)) return undefined;
  return { error: "email_not_verified", errorDescription: "The provider has not verified this e-mail address." };
}
