import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureAppSecret, MIN_SECRET_BYTES, SecretError } from "./secrets";

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("ensureAppSecret", () => {
  it("creates DATA_DIR/secret.key once, private, and reads the same key afterwards", () => {
    const dir = freshDir();
    const key = ensureAppSecret(dir, undefined);
    expect(key.length).toBeGreaterThanOrEqual(MIN_SECRET_BYTES);
    expect(fs.statSync(path.join(dir, "secret.key")).mode & 0o777).toBe(0o600);
    expect(ensureAppSecret(dir, undefined).equals(key)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(["secret.key"]); // no temporary file left behind
  });

  it.each([
    ["empty (what a reader saw while another process was still writing it)", ""],
    ["whitespace only", " \n"],
    ["31 bytes", "a".repeat(31)],
  ])("refuses a key file that is %s instead of signing with it", (_, content) => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, "secret.key"), content);
    expect(() => ensureAppSecret(dir, undefined)).toThrow(SecretError);
  });

  it("refuses an APP_SECRET shorter than 32 bytes and takes one of 32", () => {
    expect(() => ensureAppSecret(freshDir(), "x".repeat(31))).toThrow(/APP_SECRET holds 31 bytes/);
    expect(ensureAppSecret(freshDir(), "x".repeat(32)).toString()).toBe("x".repeat(32));
  });

  it("gives every one of many processes racing on a fresh data dir the same full-length key", async () => {
    const dir = freshDir();
    const script = `
      import { ensureAppSecret } from ${JSON.stringify(path.resolve("server/secrets.ts"))};
      process.stdout.write(ensureAppSecret(process.argv[1], undefined).toString("hex"));`;
    const { APP_SECRET: _, ...childEnv } = process.env;
    const runs = Array.from(
      { length: 12 },
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dir], {
            env: childEnv,
          });
          let out = "";
          let err = "";
          child.stdout.on("data", (d) => (out += d));
          child.stderr.on("data", (d) => (err += d));
          child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
        }),
    );
    const keys = await Promise.all(runs);
    expect(new Set(keys).size).toBe(1);
    expect(Buffer.from(keys[0] as string, "hex").length).toBeGreaterThanOrEqual(MIN_SECRET_BYTES);
  });
});
