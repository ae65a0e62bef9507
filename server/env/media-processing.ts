import { z } from "zod";
import { bothOrNeither, optionalText, type SettingsCheck } from "./values";

/**
 * What the media pipeline works with: the largest upload it takes, the ffmpeg it runs
 * (docs/decisions/0016-ffmpeg-binary.md) and the key that signs content credentials
 * (docs/decisions/0027-content-credentials.md, docs/trust-and-safety.md §5).
 */
export const mediaProcessingSettings = {
  /** Largest video file the pipeline accepts (ingest command and uploads); default 2 GiB. */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  /** ffmpeg and ffprobe binaries; unset (or empty): the first on PATH, else the npm-shipped builds. */
  FFMPEG_PATH: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  FFPROBE_PATH: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /**
   * Content credentials (C2PA, server/media/content-credentials.ts): PEM files of the ES256 (P-256) signing key
   * and of its certificate chain, signing certificate first. Set both, or neither for a development certificate
   * generated in DATA_DIR/content-credentials on first start (marked as such, trusted by nobody).
   */
  C2PA_SIGNING_KEY: optionalText(),
  C2PA_CERTIFICATE: optionalText(),
};

/** The signing key and its certificate go together. */
export const checkMediaProcessing: SettingsCheck<typeof mediaProcessingSettings> = (e, ctx) => {
  bothOrNeither(
    e,
    ctx,
    "C2PA_SIGNING_KEY",
    "C2PA_CERTIFICATE",
    "is required with the other C2PA setting (set both, or neither for a development certificate)",
  );
};
