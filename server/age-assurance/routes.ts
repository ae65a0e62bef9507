import { type RateLimiter, sharedRateLimiter } from "../db/rate-limit";
import { env } from "../env";
import { type AgeAssuranceProvider, configuredProvider } from "./providers";

/** The provider `/age-check` sends visitors to: configured only where some jurisdiction needs it. */
export function ageCheckProvider(): AgeAssuranceProvider | undefined {
  return env().AGE_ASSURANCE_COUNTRIES.length > 0 ? configuredProvider("oidc") : undefined;
}

/** Starts per client address: a person needs a handful; more is someone scripting the button. */
export function ageChecksPerIpLimiter(): RateLimiter {
  return sharedRateLimiter("age-check-ip", { points: 20, durationSeconds: 10 * 60 });
}
