import { z } from "zod";
import { optionalText, type SettingsCheck } from "./values";

/**
 * Age assurance (docs/decisions/0028-age-assurance.md, docs/operations.md "Age assurance"): which visitors must
 * pass an OpenID Connect age check before explicit media are shown, and the service that checks them.
 */

/** AGE_ASSURANCE_COUNTRIES: comma-separated ISO 3166-1 alpha-2 codes, upper-cased and deduplicated. */
function countryListSchema() {
  return z
    .string()
    .default("")
    .transform((v, ctx) => {
      const codes = v
        .split(",")
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
      for (const code of codes) {
        if (!/^[A-Z]{2}$/.test(code)) ctx.addIssue({ code: "custom", message: `"${code}" is not a two-letter country code such as GB` });
      }
      return [...new Set(codes)];
    });
}

export const ageAssuranceSettings = {
  /**
   * Age assurance (docs/decisions/0028-age-assurance.md). Visitors whose country (AGE_ASSURANCE_COUNTRY_HEADER,
   * set by the CDN or proxy, e.g. CF-IPCountry; read only from a TRUST_PROXY peer) is one of
   * AGE_ASSURANCE_COUNTRIES (ISO 3166-1 alpha-2 codes; `XX` stands for a missing or unknown country) must pass
   * the OpenID Connect age check before explicit media are shown; everyone else gets the self-declaration gate.
   * Unset: self-declaration everywhere, as before.
   * AGE_ASSURANCE_UNKNOWN_COUNTRY: a visitor whose country is not known (no header, not a two-letter code, or
   * a peer that is not a TRUST_PROXY proxy) falls under the strictest rule configured, `check` (the default:
   * fail closed), unless the operator says `open` here (docs/operations.md "Age assurance").
   */
  AGE_ASSURANCE_COUNTRIES: countryListSchema(),
  AGE_ASSURANCE_UNKNOWN_COUNTRY: z.enum(["check", "open"]).default("check"),
  AGE_ASSURANCE_COUNTRY_HEADER: optionalText().pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name such as CF-IPCountry")
      .transform((v) => v.toLowerCase())
      .optional(),
  ),
  /** The age-verification service: its OpenID Connect issuer (discovery below it), this site's client, the over-18 claim. */
  AGE_OIDC_ISSUER: optionalText().pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL (the issuer)" }).optional()),
  AGE_OIDC_CLIENT_ID: optionalText(),
  /** Unset: a public client (PKCE only). */
  AGE_OIDC_CLIENT_SECRET: optionalText(),
  /** The claim that must be the boolean `true` in the ID token or userinfo answer. */
  AGE_OIDC_CLAIM: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,100}$/, "must be a claim name such as age_over_18")
    .default("age_over_18"),
  /** Scopes asked for, space-separated; `openid` is always included. */
  AGE_OIDC_SCOPES: z
    .string()
    .regex(/^[\x21\x23-\x5b\x5d-\x7e ]{0,500}$/, "must be space-separated scope names")
    .default("openid"),
};

/** With countries to check, the header that names a visitor's country and the service that checks them. */
export const checkAgeAssurance: SettingsCheck<typeof ageAssuranceSettings> = (e, ctx) => {
  if (e.AGE_ASSURANCE_COUNTRIES.length === 0) return;
  const needed: [keyof typeof e, string][] = [
    ["AGE_ASSURANCE_COUNTRY_HEADER", "the header your CDN or proxy puts the visitor's country in, e.g. CF-IPCountry"],
    ["AGE_OIDC_ISSUER", "the age-verification service's OpenID Connect issuer URL"],
    ["AGE_OIDC_CLIENT_ID", "this site's client id at that service"],
  ];
  for (const [name, what] of needed) {
    if (e[name] === undefined) ctx.addIssue({ code: "custom", path: [name], message: `is required with AGE_ASSURANCE_COUNTRIES: ${what}` });
  }
};
