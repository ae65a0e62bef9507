import { contentPolicy } from "./content-safety";
import { formStrings, multilineText, plainText } from "./params";
import { z } from "./zod";

/**
 * A video's editable fields as the console's upload and edit forms send them, checked with this same
 * schema in the browser (before anything is sent) and by the server. The content-safety policy
 * (docs/product.md "Content policy") is part of it, so its refusal lands next to the field it is about.
 */

export const VIDEO_TITLE_MAX = 200;
export const VIDEO_DESCRIPTION_MAX = 5000;

export const videoFieldsSchema = z.object({
  title: plainText(VIDEO_TITLE_MAX + 100)
    .trim()
    .min(1, "Enter a title")
    .max(VIDEO_TITLE_MAX, `The title must be at most ${VIDEO_TITLE_MAX} characters`)
    .superRefine(contentPolicy("title")),
  description: multilineText(VIDEO_DESCRIPTION_MAX + 1000)
    .trim()
    .max(VIDEO_DESCRIPTION_MAX, `The description must be at most ${VIDEO_DESCRIPTION_MAX} characters`)
    .superRefine(contentPolicy("description"))
    .optional()
    .transform((d) => d || null),
  category: plainText(100).trim().min(1, "Choose a category").superRefine(contentPolicy("category")),
  /** A checkbox: present ("on") or absent. */
  isPublic: z
    .enum(["on", "true"])
    .optional()
    .transform((v) => v !== undefined),
});

export type VideoFields = z.output<typeof videoFieldsSchema>;
export type VideoFieldName = "title" | "description" | "category" | "isPublic";
/** Field messages; the upload form also has the attestation's (core/attestation.ts). */
export type VideoFieldErrors = Partial<Record<VideoFieldName | "attest" | "consentNote" | "form", string>>;

/** The form's known fields as strings (a field given twice or as a file makes the whole form unreadable). */
export function videoFieldsFromForm(form: FormData): Record<string, string> | undefined {
  return formStrings(form, ["title", "description", "category", "isPublic"]);
}

/** The fields, or the first message for each refused field. */
export function checkVideoFields(raw: Record<string, string>): { ok: true; fields: VideoFields } | { ok: false; errors: VideoFieldErrors } {
  const parsed = videoFieldsSchema.safeParse(raw);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const errors: VideoFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key: VideoFieldName | "form" =
      field === "title" || field === "description" || field === "category" || field === "isPublic" ? field : "form";
    errors[key] ??= key === "isPublic" ? "Choose public or private" : issue.message;
  }
  return { ok: false, errors };
}

/**
 * Bytes per PATCH request: a dropped connection loses at most one chunk, and proxies with a body limit
 * still pass every request.
 */
export const UPLOAD_CHUNK_BYTES = 2 * 1024 * 1024;

/** The upload form's answer while the media storage is away (503): nothing is lost, the form can be sent again. */
export const STORAGE_AWAY = "The media storage cannot be reached right now. Your upload is kept: send the form again in a minute.";

/** tus upload ids (the server's naming function): 32 hex digits. */
export const uploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/, "The upload is not known");

/** File names the upload accepts: a video container by its extension. */
export const VIDEO_EXTENSIONS = ["mp4", "m4v", "mov", "webm", "mkv", "avi", "mpeg", "mpg", "ogv", "3gp"] as const;

/** Why a picked file cannot be uploaded (checked in the browser and again when the upload is created), or null. */
export function refuseVideoFile(name: string, type: string, size: number, maxBytes: number): string | null {
  const ext = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  const typeOk = type === "" || type === "application/octet-stream" || type.startsWith("video/");
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(ext) || !typeOk) {
    return `Only video files can be uploaded (${VIDEO_EXTENSIONS.map((e) => e.toUpperCase()).join(", ")}).`;
  }
  if (size <= 0) return "The file is empty.";
  if (size > maxBytes) return `The file is larger than the ${formatLimit(maxBytes)} upload limit.`;
  return null;
}

export function formatLimit(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KiB`;
}
