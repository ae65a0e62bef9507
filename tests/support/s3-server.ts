import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { S3Settings } from "../../server/media/s3-storage";
import { freeLoopbackPort } from "../../server/process";

/**
 * An S3-compatible server on loopback for tests: s3rver (npm), files in a temporary folder. It speaks the S3
 * API the SDK uses (objects, multipart, ListObjectsV2, DeleteObjects, CORS) but does not verify SigV4
 * signatures, only that the access key id is its own `S3RVER`: request signing is covered apart, with the
 * SDK's presigner (server/media/s3-signing.test.ts). The bucket lets any origin GET, as a public media
 * bucket behind a CDN would (hls.js fetches playlists and segments with XHR). It runs in a child process
 * (tests/support/s3rver-child.ts says why).
 */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

const PUBLIC_READ_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface TestS3 {
  /** The S3 API endpoint, e.g. http://127.0.0.1:4567 */
  endpoint: string;
  bucket: string;
  /** The bucket's public read address (path style), ending in `/`. */
  publicBase: string;
  /** The environment an app or worker needs to use this bucket (MEDIA_STORAGE=s3 and S3_*). */
  env(keyPrefix?: string): Record<string, string>;
  /** The same, as the settings s3MediaStorage and s3Client take (for a test's own storage or client). */
  settings(keyPrefix?: string): S3Settings;
  /** Stops the server, keeping its objects (the storage "unreachable"); resume() starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = "pleazure-media"): Promise<TestS3> {
  const port = await freeLoopbackPort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-s3-"));
  let server = await runS3rver(port, directory, bucket);
  const endpoint = `http://127.0.0.1:${port}`;
  const publicBase = `${endpoint}/${bucket}/`;
  return {
    endpoint,
    bucket,
    publicBase,
    env: (keyPrefix) => ({
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      ...(keyPrefix ? { S3_KEY_PREFIX: keyPrefix } : {}),
      MEDIA_BASE_URL: keyPrefix ? `${publicBase}${keyPrefix}/` : publicBase,
    }),
    settings: (keyPrefix) => ({
      bucket,
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { ...S3RVER_CREDENTIALS },
      keyPrefix,
      baseUrl: keyPrefix ? `${publicBase}${keyPrefix}/` : publicBase,
    }),
    pause: () => server.stop(),
    resume: async () => {
      server = await runS3rver(port, directory, bucket);
    },
    stop: async () => {
      await server.stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** s3rver in a child process on `port`, its objects in `directory` (kept when it stops, for a restart). */
async function runS3rver(port: number, directory: string, bucket: string): Promise<{ stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", "--import", "tsx", "tests/support/s3rver-child.ts", String(port), directory, bucket, PUBLIC_READ_CORS],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!output.includes("s3rver ready")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`s3rver did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
