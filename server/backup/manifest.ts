import fs from "node:fs";
import { z } from "zod";

/**
 * `manifest.json`, the last entry of a backup archive (docs/decisions/0036-backup-format.md): what the archive
 * holds and what to check it against. A restore trusts nothing in an archive it has not validated here.
 */

export const MANIFEST_ENTRY = "manifest.json";
export const FORMAT = "pleazure-backup";
export const FORMAT_VERSION = 1;

/** The schemas a backup covers: the app's tables, and graphile-worker's queue. */
export const APP_SCHEMAS = ["public", "graphile_worker"] as const;
export type AppSchema = (typeof APP_SCHEMAS)[number];

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().nonnegative();
const identifier = z.string().min(1).max(63);
/** A relative path with no `.`/`..` step, no backslash or NUL: a restore writes it under its own folder. */
const relativePath = z
  .string()
  .min(1)
  .max(240)
  .refine((p) => !p.startsWith("/") && !/[\\\0]/.test(p) && p.split("/").every((step) => step !== "" && step !== "." && step !== ".."), {
    message: "must be a plain relative path",
  });

const fileSchema = z.object({ path: relativePath, size: count, sha256 });

const tableSchema = z.object({
  schema: z.enum(APP_SCHEMAS),
  name: identifier,
  /** Stored columns in COPY order (generated columns are computed again on load). */
  columns: z.array(identifier).min(1),
  rows: count,
  /** The archive entry holding the rows: COPY text format, gzip. */
  entry: relativePath,
  bytes: count,
  sha256,
});

const sequenceSchema = z.object({
  schema: z.enum(APP_SCHEMAS),
  name: identifier,
  // bigint as text: a sequence may pass 2^53.
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  app: z.object({ version: z.string() }),
  postgres: z.object({ serverVersion: z.string() }),
  /** The app's migrations applied in the backed-up database, in order; the last one names its level. */
  migrations: z.array(z.string().min(1)).min(1),
  /** graphile-worker's schema level (its latest migration id), or null when the database had no queue yet. */
  queueMigration: z.number().int().nullable(),
  tables: z.array(tableSchema),
  sequences: z.array(sequenceSchema),
  media: z.discriminatedUnion("storage", [
    z.object({ storage: z.literal("local"), files: z.array(fileSchema) }),
    z.object({ storage: z.literal("s3"), location: z.string(), note: z.string() }),
  ]),
  /** DATA_DIR files that sign sessions and content credentials when no setting provides them (secret.key, …). */
  keys: z.array(fileSchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableManifest = z.infer<typeof tableSchema>;
export type SequenceManifest = z.infer<typeof sequenceSchema>;
export type FileManifest = z.infer<typeof fileSchema>;

export const mediaEntry = (file: string) => `media/${file}`;
export const keyEntry = (file: string) => `keys/${file}`;

/** Parses and checks a manifest, naming the first problem found. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("the archive's manifest.json is not JSON");
  }
  const parsed = manifestSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const { format, formatVersion } = (json ?? {}) as { format?: unknown; formatVersion?: unknown };
  if (format !== FORMAT) throw new Error("not a Pleazure backup (manifest.json has another format)");
  if (typeof formatVersion === "number" && formatVersion > FORMAT_VERSION) {
    throw new Error(`the archive has format ${formatVersion}, this release reads ${FORMAT_VERSION}: restore it with a newer release`);
  }
  const issue = parsed.error.issues[0]!;
  throw new Error(`the archive's manifest.json is invalid at ${issue.path.join(".") || "(root)"}: ${issue.message}`);
}

/** This release's version (package.json), recorded in each backup. */
export function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}
