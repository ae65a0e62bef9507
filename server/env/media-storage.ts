import { z } from "zod";
import { bothOrNeither, flag, optionalText, type SettingsCheck } from "./values";

/**
 * Where media live and where browsers read them: local disk, or an S3-compatible bucket that workers and app
 * instances share (server/media/storage.ts, docs/decisions/0024-object-storage.md, docs/operations.md).
 */

/**
 * MEDIA_BASE_URL: where browsers read media, ending in `/` so that a key is appended as it is: an http(s)
 * URL (a CDN, the bucket's public address) or a path on this site (`/media/`, a reverse proxy in front).
 */
export function mediaBaseUrlSchema() {
  return optionalText().transform((v, ctx) => {
    if (v === undefined) return undefined;
    const withSlash = v.endsWith("/") ? v : `${v}/`;
    if (/^\/(?!\/)/.test(withSlash) && !/[?#\\]/.test(withSlash)) return withSlash;
    try {
      const url = new URL(withSlash);
      if ((url.protocol === "https:" || url.protocol === "http:") && !url.search && !url.hash && !url.username && !url.password)
        return url.href;
    } catch {
      // refused below
    }
    ctx.addIssue({
      code: "custom",
      message: "must be an http(s) URL or a path starting with / (no query or credentials), e.g. https://cdn.example.com/media/",
    });
    return undefined;
  });
}

/** The origin of MEDIA_BASE_URL when it names another site (the CSP opens it), else undefined (a path on ours). */
export function mediaBaseOrigin(baseUrl: string): string | undefined {
  return /^https?:\/\//.test(baseUrl) ? new URL(baseUrl).origin : undefined;
}

/** S3_KEY_PREFIX: plain path segments, kept without leading or trailing slashes. */
function keyPrefixSchema() {
  return optionalText()
    .transform((v) => v?.replace(/^\/+|\/+$/g, "") || undefined)
    .refine(
      (v) => v === undefined || /^[A-Za-z0-9_][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/.test(v),
      "must be plain path segments of letters, digits, _ . - (e.g. pleazure/media)",
    );
}

export const mediaStorageSettings = {
  /**
   * Where media live (server/media/storage.ts, docs/decisions/0024-object-storage.md): `local` (default,
   * DATA_DIR/media served at /media) or `s3`, an S3-compatible bucket read by browsers through
   * MEDIA_BASE_URL, so that workers and app instances share no disk. The S3_* settings below apply to `s3`.
   */
  MEDIA_STORAGE: z.enum(["local", "s3"], { message: "must be local or s3" }).default("local"),
  /** Public base of media URLs (a key is appended); default `/media/` with local storage, required with s3. */
  MEDIA_BASE_URL: mediaBaseUrlSchema(),
  /** The S3 API endpoint (MinIO, R2, s3rver…); unset: AWS S3 for S3_REGION. */
  S3_ENDPOINT: optionalText().pipe(
    z.url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://s3.example.com" }).optional(),
  ),
  S3_REGION: optionalText(),
  S3_BUCKET: optionalText().pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)")
      .optional(),
  ),
  /** Both, or neither: the SDK's own credential chain then (AWS_* variables, an instance role). Never sent to browsers. */
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: most self-hosted servers need it. */
  S3_FORCE_PATH_STYLE: flag("false"),
  /** Keys go under this folder of the bucket (several sites in one bucket); MEDIA_BASE_URL points at it. */
  S3_KEY_PREFIX: keyPrefixSchema(),
};

/** With `s3`, what the bucket needs: its name, region and public address, and both keys or neither. */
export const checkMediaStorage: SettingsCheck<typeof mediaStorageSettings> = (e, ctx) => {
  if (e.MEDIA_STORAGE !== "s3") return;
  const required = (name: keyof typeof e, example: string) => {
    if (e[name] === undefined) ctx.addIssue({ code: "custom", path: [name], message: `is required when MEDIA_STORAGE=s3 (${example})` });
  };
  required("S3_BUCKET", "the bucket's name");
  required("S3_REGION", "e.g. us-east-1; any region your S3-compatible server accepts");
  required("MEDIA_BASE_URL", "where browsers read the bucket's media, e.g. https://cdn.example.com/");
  bothOrNeither(
    e,
    ctx,
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "is required with the other S3 key (set both, or neither for the SDK's own credentials)",
  );
};
