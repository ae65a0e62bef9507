import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir, env } from "./env";

let cached: Buffer | undefined;

/**
 * The key for signed tokens (form timestamps, play tokens). APP_SECRET when set (required when several
 * instances share a database); otherwise generated once and kept in DATA_DIR/secret.key.
 */
export function appSecret(): Buffer {
  if (cached) return cached;
  const configured = env().APP_SECRET;
  if (configured) {
    cached = Buffer.from(configured, "utf8");
    return cached;
  }
  const file = path.join(dataDir(), "secret.key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err; // another process created it first
    }
  }
  cached = Buffer.from(fs.readFileSync(file, "utf8").trim(), "utf8");
  return cached;
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
