import { PRE_ROLL_DEFAULT_SECONDS, PRE_ROLL_SOURCES, type PreRollSource } from "./preroll-playback";
import { z } from "./zod";

/**
 * The pre-roll's settings, shared by the ad service, the CLI and the admin console's "Ad units" form, so
 * every side validates with one schema. Where the settings live: the `Pre_Roll` row of ad_units
 * (server/services/ads.ts). What the player needs (timing, the page's configuration) is core/preroll-playback.ts.
 */

/** Upper bound on the configured duration: a pre-roll is a short break, not a programme. */
export const PRE_ROLL_MAX_SECONDS = 120;
export const VAST_URL_MAX_LENGTH = 2048;

/** An absolute http(s) URL (macros in a VAST tag are plain query text, so no further restriction). */
export const vastTagUrl = z
  .string()
  .trim()
  .min(1, "Enter the VAST tag URL")
  .max(VAST_URL_MAX_LENGTH, `The VAST tag URL must be at most ${VAST_URL_MAX_LENGTH} characters`)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "The VAST tag URL must be an http(s) address like https://ads.example.com/vast.xml");

/** What an operator sets: on/off, the source, the tag (VAST only) and the duration cap. */
export const preRollSettingsSchema = z
  .object({
    active: z.boolean(),
    source: z.enum(PRE_ROLL_SOURCES, { error: "Choose the house clip or a VAST tag" }),
    vastTagUrl: vastTagUrl.nullish(),
    durationSeconds: z
      .number({ error: "Enter the duration in seconds" })
      .int("Enter whole seconds")
      .min(1, "The duration must be at least 1 second")
      .max(PRE_ROLL_MAX_SECONDS, `The duration must be at most ${PRE_ROLL_MAX_SECONDS} seconds`)
      .default(PRE_ROLL_DEFAULT_SECONDS),
  })
  .superRefine((v, ctx) => {
    if (v.source === "vast" && !v.vastTagUrl) ctx.addIssue({ code: "custom", path: ["vastTagUrl"], message: "Enter the VAST tag URL" });
  });

export type PreRollSettingsInput = z.input<typeof preRollSettingsSchema>;
export type PreRollSettings = z.output<typeof preRollSettingsSchema>;

/** The console's pre-roll form fields (all text, as posted) to the schema's input; both sides use it. */
export function preRollInputFromForm(fields: {
  active?: string | null;
  source?: string | null;
  vastTagUrl?: string | null;
  durationSeconds?: string | null;
}): PreRollSettingsInput {
  const duration = fields.durationSeconds?.trim() ?? "";
  return {
    active: fields.active === "on" || fields.active === "true",
    source: (fields.source ?? "") as PreRollSource,
    vastTagUrl: fields.vastTagUrl?.trim() ? fields.vastTagUrl : null,
    durationSeconds: duration === "" ? Number.NaN : Number(duration),
  };
}

/** The first message per field of a refused pre-roll setting (shown next to each field). */
export function preRollFieldErrors(input: PreRollSettingsInput): Partial<Record<keyof PreRollSettings, string>> {
  const parsed = preRollSettingsSchema.safeParse(input);
  const errors: Partial<Record<keyof PreRollSettings, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PreRollSettings | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
