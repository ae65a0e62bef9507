import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir, env } from "./env";

/** HMAC-SHA256 keys shorter than this are guessable: refused wherever they come from. */
export const MIN_SECRET_BYTES = 32;

export class SecretError extends Error {}

let cached: Buffer | undefined;

/**
 * The key for signed tokens (form timestamps, play tokens) and the session secret. APP_SECRET when set
 * (required when several instances share a database, see unsafeCombinations in env.ts); otherwise DATA_DIR/secret.key,
 * which the primary creates before any worker starts (ensureAppSecret).
 */
export function appSecret(): Buffer {
  if (!cached) cached = ensureAppSecret();
  return cached;
}

/**
 * Reads the key, creating DATA_DIR/secret.key first when there is none. The file appears whole or not at
 * all: the key is written to a temporary file that is then hard-linked into place, which fails if another
 * process got there first (whose key is then read instead). A reader can never see a half-written or empty
 * key, and a key shorter than MIN_SECRET_BYTES (or unreadable) is refused instead of used.
 */
export function ensureAppSecret(dir = dataDir(), configured = env().APP_SECRET): Buffer {
  if (configured) return checked(Buffer.from(configured, "utf8"), "APP_SECRET");
  const file = path.join(dir, "secret.key");
  if (!fs.existsSync(file)) createKeyFile(file);
  return checked(Buffer.from(fs.readFileSync(file, "utf8").trim(), "utf8"), file);
}

function createKeyFile(file: string): void {
  createFileOnce(file, crypto.randomBytes(32).toString("hex"));
}

/**
 * Writes a private file (mode 600) that appears whole or not at all, unless it exists: the contents go to a
 * temporary file that is hard-linked into place, which fails if another process got there first (keeping theirs).
 */
export function createFileOnce(file: string, contents: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, contents, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err; // another process created it first
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

function checked(key: Buffer, source: string): Buffer {
  if (key.length < MIN_SECRET_BYTES) {
    throw new SecretError(`${source} holds ${key.length} bytes; a signing key needs at least ${MIN_SECRET_BYTES}`);
  }
  return key;
}

/**
 * HMAC-signs a payload: "<payload>.<signature>" (base64url). `key` defaults to this app's secret; the bench
 * passes the secret of the server it loads.
 */
export function sign(payload: string, key: Buffer = appSecret()): string {
  const mac = crypto.createHmac("sha256", key).update(payload).digest("base64url");
  return `${payload}.${mac}`;
}

/** Returns the payload when the signature is valid, else null (constant-time comparison). */
export function verify(token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const expected = Buffer.from(sign(payload).slice(dot + 1));
  const actual = Buffer.from(token.slice(dot + 1));
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual) ? payload : null;
}
