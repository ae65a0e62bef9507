import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Env } from "../env";
import { IMMUTABLE_CACHE_CONTROL, MEDIA_TYPES } from "./media-types";
import { assertMediaKey, keyOfUrl, type MediaStorage, makeScratchDir, StorageUnavailableError } from "./storage";

/**
 * Media in S3-compatible object storage (MEDIA_STORAGE=s3, docs/decisions/0024-object-storage.md), through
 * the AWS SDK. Browsers read the objects at MEDIA_BASE_URL + key (a CDN or the bucket's public address); the
 * app and workers write with the credentials, which never leave the server.
 */

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Folder of the bucket every key goes under (no slashes at either end), or undefined. */
  keyPrefix?: string;
  /** Public read base, ending in `/`: url(key) = baseUrl + key. */
  baseUrl: string;
}

/** The settings from a validated environment (server/env/media-storage.ts refuses MEDIA_STORAGE=s3 without them). */
export function s3SettingsOf(e: Env): S3Settings {
  if (!e.S3_BUCKET || !e.S3_REGION) throw new Error("MEDIA_STORAGE=s3 needs S3_BUCKET and S3_REGION");
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    keyPrefix: e.S3_KEY_PREFIX,
    baseUrl: e.MEDIA_BASE_URL,
  };
}

export function s3Client(settings: S3Settings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default checksums (CRC trailers in aws-chunked bodies) are not understood by every
    // S3-compatible server: send and check one only where the operation requires it (DeleteObjects).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  };
  const client = new S3Client(config);
  // Outermost, so after the SDK's retries: an unreachable or failing storage is one typed error for every caller.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        throw storageUnreachable(err) ? new StorageUnavailableError(err) : err;
      }
    },
    { step: "initialize", name: "pleazureStorageUnavailable" },
  );
  return client;
}

/** Network-level failures (no answer at all) and 5xx answers; a 4xx (missing key, bad request) is the caller's. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

export function storageUnreachable(err: unknown): boolean {
  const e = err as { name?: string; code?: string; cause?: { code?: string }; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  if (typeof status === "number") return status >= 500;
  return e?.name === "TimeoutError" || NETWORK_CODES.has(e?.code ?? "") || NETWORK_CODES.has(e?.cause?.code ?? "");
}

/** Files uploaded at once while publishing a folder. */
const UPLOAD_CONCURRENCY = 6;
/** DeleteObjects takes at most 1000 keys; ListObjectsV2 returns at most 1000 per page. */
const DELETE_BATCH = 1000;

export interface S3StorageOptions {
  /** Local folder for work in progress (ffmpeg needs files): the worker's own DATA_DIR/media-work. */
  scratchRoot: string;
  client?: S3Client;
  /** Keys per ListObjectsV2 page (tests force pagination with a small one). */
  listPageSize?: number;
}

export function s3MediaStorage(settings: S3Settings, opts: S3StorageOptions): MediaStorage & { client: S3Client } {
  const client = opts.client ?? s3Client(settings);
  const Bucket = settings.bucket;
  const objectKey = (key: string) => (settings.keyPrefix ? `${settings.keyPrefix}/${assertMediaKey(key)}` : assertMediaKey(key));

  /** Every object key (full, with the prefix) under `folder/`, page by page. */
  async function* listFolder(folder: string): AsyncGenerator<string[]> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${objectKey(folder)}/`, ContinuationToken, MaxKeys: opts.listPageSize }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      if (keys.length) yield keys;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const result = await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = result.Errors ?? [];
      if (failed.length)
        throw new Error(`deleting ${failed.length} object(s) failed: ${failed[0]?.Key} ${failed[0]?.Code} ${failed[0]?.Message}`);
    }
  }

  /**
   * Uploads a folder's files under `prefix`: playlists after the segments they list, master playlists after
   * those, and a `manifest.json` at the top (the demo set's seal) last of all.
   */
  async function uploadFolder(localDir: string, prefix: string): Promise<Set<string>> {
    const files = (await fs.readdir(localDir, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => path.relative(localDir, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
      .sort();
    const written = new Set<string>();
    for (const stage of [0, 1, 2, 3]) {
      const queue = files.filter((f) => uploadOrder(f) === stage);
      const next = async (): Promise<void> => {
        const file = queue.shift();
        if (file === undefined) return;
        const key = objectKey(`${prefix}/${file}`);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: await fs.readFile(path.join(localDir, ...file.split("/"))),
            ContentType: contentTypeOf(file),
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
        written.add(key);
        return next();
      };
      await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, queue.length) }, next));
    }
    return written;
  }

  async function readBytes(key: string): Promise<Buffer | undefined> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      const bytes = await object.Body?.transformToByteArray();
      return bytes && Buffer.from(bytes);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  return {
    client,
    remote: true,
    makeScratchDir: (label) => makeScratchDir(opts.scratchRoot, label),
    /**
     * Visibility: a video's prefix is its own fresh id, and nothing refers to it until the transcode job
     * writes the `videos` row, after this returns (server/jobs/transcode.ts). So the objects go straight to
     * their final keys and the row is the switch that makes the complete set visible; the master playlist
     * is still uploaded last, so that whoever lists or probes the prefix never finds a playlist naming a
     * missing segment. Objects of an earlier attempt that the new set lacks are removed afterwards.
     */
    async publishDirectory(localDir, prefix) {
      const written = await uploadFolder(localDir, prefix);
      const stale: string[] = [];
      for await (const keys of listFolder(prefix)) stale.push(...keys.filter((k) => !written.has(k)));
      await deleteKeys(stale);
      await fs.rm(localDir, { recursive: true, force: true });
    },
    async copyDirectory(localDir, prefix) {
      await uploadFolder(localDir, prefix);
    },
    async putFile(localFile, key) {
      // Multipart for large sources (parts retried one by one; a failed upload is aborted, leaving nothing).
      await new Upload({
        client,
        params: {
          Bucket,
          Key: objectKey(key),
          Body: createReadStream(localFile),
          ContentType: contentTypeOf(key),
          ...(MEDIA_TYPES[path.posix.extname(key)] ? { CacheControl: IMMUTABLE_CACHE_CONTROL } : {}),
        },
      }).done();
    },
    async getFile(key, localFile) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      if (!(object.Body instanceof Readable)) throw new Error(`no body for ${key}`);
      await pipeline(object.Body, createWriteStream(localFile)).catch((err: unknown) => {
        // The body streams after the middleware has returned: a connection lost midway is the storage's too.
        throw storageUnreachable(err) ? new StorageUnavailableError(err) : err;
      });
    },
    async readText(key) {
      return (await readBytes(key))?.toString("utf8");
    },
    readBytes,
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async removeObject(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async removePrefix(prefix) {
      // Listed in full first: deleting while paginating would shift the pages under the continuation token.
      const keys: string[] = [];
      for await (const page of listFolder(prefix)) keys.push(...page);
      await deleteKeys(keys);
    },
    async listKeys(prefix) {
      const keys: string[] = [];
      const strip = settings.keyPrefix ? settings.keyPrefix.length + 1 : 0;
      for await (const page of listFolder(prefix)) keys.push(...page.map((k) => k.slice(strip)));
      return keys.sort();
    },
    url(key) {
      return `${settings.baseUrl}${assertMediaKey(key)}`;
    },
    keyOf: (url) => keyOfUrl(settings.baseUrl, url),
  };
}

/** 0: segments, stills and the rest; 1: rendition playlists; 2: master playlists; 3: the folder's manifest. */
function uploadOrder(file: string): number {
  if (file === "manifest.json") return 3;
  if (path.posix.basename(file) === "master.m3u8") return 2;
  return file.endsWith(".m3u8") ? 1 : 0;
}

function contentTypeOf(key: string): string {
  const ext = path.posix.extname(key).toLowerCase();
  if (ext === ".json") return "application/json";
  return MEDIA_TYPES[ext] ?? "application/octet-stream";
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
}
