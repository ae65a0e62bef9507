import { z } from "zod";
import { optionalText } from "./values";

/** Google sign-in beside the e-mail codes (docs/decisions/0010-auth.md; server/auth/google.ts). */
export const signInSettings = {
  /** Google sign-in (OpenID Connect); without both, the sign-in page offers e-mail codes only. */
  GOOGLE_CLIENT_ID: optionalText(),
  GOOGLE_CLIENT_SECRET: optionalText(),
  /**
   * The OpenID Connect issuer the Google sign-in talks to (its discovery document lives below it). Google's
   * own by default; tests point it at a local provider so the same code path runs end to end.
   */
  GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
};
