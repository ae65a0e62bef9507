import path from "node:path";
import { z } from "zod";
import type { DurationBounds } from "../core/listing-order";
import { adSettings, checkAds } from "./env/ads";
import { ageAssuranceSettings, checkAgeAssurance } from "./env/age-assurance";
import { databaseSettings } from "./env/database";
import { demoAndTestBuildSettings } from "./env/demo-and-test-build";
import { checkHttp, httpSettings } from "./env/http";
import { checkListings, durationBoundsOf, listingSettings } from "./env/listings";
import { mailSettings } from "./env/mail";
import { checkMediaProcessing, mediaProcessingSettings } from "./env/media-processing";
import { checkMediaStorage, mediaStorageSettings } from "./env/media-storage";
import { metricsSettings } from "./env/metrics";
import { moderationSettings } from "./env/moderation";
import { runtimeSettings } from "./env/runtime";
import { signInSettings } from "./env/sign-in";

/**
 * The environment, read and validated once: the one entry point every process, the CLI and the tests read their
 * settings through (every setting is in README's settings table; docs/operations.md "Settings"). The settings
 * themselves, with their defaults and the checks between them, are declared by concern in server/env/; this
 * puts them together, names every problem at once, and refuses combinations that are each valid but together
 * unsafe in production.
 */

/** Typed configuration, read and validated once. Anything missing gets a safe local default. */
const schema = z
  .object({
    ...runtimeSettings,
    ...databaseSettings,
    ...mediaStorageSettings,
    ...httpSettings,
    ...demoAndTestBuildSettings,
    ...adSettings,
    ...mediaProcessingSettings,
    ...signInSettings,
    ...ageAssuranceSettings,
    ...mailSettings,
    ...moderationSettings,
    ...listingSettings,
    ...metricsSettings,
  })
  .superRefine((e, ctx) => {
    checkAds(e, ctx);
    checkMediaStorage(e, ctx);
    checkMediaProcessing(e, ctx);
    checkAgeAssurance(e, ctx);
    checkHttp(e, ctx);
    checkListings(e, ctx);
  })
  // Local media default to the app's own /media route (s3 has none: refused above when unset).
  .transform((e) => ({ ...e, MEDIA_BASE_URL: e.MEDIA_BASE_URL ?? "/media/" }));

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Every bad variable of an environment, one line each ("Invalid environment: NAME: what is wrong"). */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "));
  }
}

/** Validates a set of environment variables; throws an EnvError naming every problem. */
export function parseEnv(vars: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(vars);
  if (!parsed.success) throw new EnvError(parsed.error.issues.map((i) => `Invalid environment: ${i.path.join(".")}: ${i.message}`));
  return parsed.data;
}

/**
 * What production on DATABASE_URL (several instances on one database) must be told rather than defaulted, and
 * what to give: instances must sign and name the site alike (a per-machine key would split sessions), they share
 * no disk unless the operator made one, and behind a load balancer the client address (rate limits, view
 * allowances) is only as good as the proxy setting.
 */
const REQUIRED_WITH_DATABASE_URL: readonly (readonly [name: string, what: string])[] = [
  ["APP_SECRET", "the same random key of 32 bytes or more on every instance"],
  ["SITE_URL", "the public origin, e.g. https://example.com"],
  [
    "MEDIA_STORAGE",
    "s3 (with S3_* and MEDIA_BASE_URL) for instances and workers without a shared disk, or local when they share DATA_DIR/media",
  ],
  ["TRUST_PROXY", "the proxy's address or range (10.0.0.5, 10.0.0.0/8), loopback for nginx on this machine, or false for none"],
];

/**
 * Settings that are each valid but together unsafe, one line per problem naming the variable: the server
 * refuses to start on any of them (server/runtime/startup-check.ts).
 */
export function unsafeCombinations(e: Env, vars: Record<string, string | undefined> = process.env): string[] {
  if (e.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (vars.ENABLE_TEST_HOOKS !== undefined && vars.ENABLE_TEST_HOOKS !== "" && vars.ENABLE_TEST_HOOKS !== "0") {
    problems.push("ENABLE_TEST_HOOKS is set with NODE_ENV=production: test hooks never run in production; unset it");
  }
  if (e.DATABASE_URL) {
    for (const [name, what] of REQUIRED_WITH_DATABASE_URL) {
      if (!vars[name]) problems.push(`${name} is required when NODE_ENV=production runs with DATABASE_URL: ${what}`);
    }
  }
  return problems;
}

export function env(): Env {
  if (!cached) cached = parseEnv(process.env);
  return cached;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** The duration filter's bounds as the operator set them (core/listing-order.ts). */
export function durationBounds(): DurationBounds {
  return durationBoundsOf(env());
}
