import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from "../../tests/support/s3-server";
import { freeLoopbackPort } from "../process";
import { IMMUTABLE_CACHE_CONTROL } from "./media-types";
import { s3MediaStorage, storageUnreachable } from "./s3-storage";
import { StorageUnavailableError } from "./storage";

// Against a real S3-compatible server on loopback (s3rver): every request goes through the SDK and HTTP.
let s3: TestS3;
let tmp: string;

beforeAll(async () => {
  s3 = await startTestS3();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "s3-storage-test-"));
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const KEY_PREFIX = "site-a";

function storage(opts: { listPageSize?: number } = {}) {
  return s3MediaStorage(s3.settings(KEY_PREFIX), { scratchRoot: path.join(tmp, "scratch"), ...opts });
}

/** A folder shaped like a transcode's output, with the given extra files. */
function renditionFolder(extra: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(tmp, "out-"));
  const files: Record<string, string> = {
    "master.m3u8": "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p/index.m3u8\n",
    "360p/index.m3u8": "#EXTM3U\nseg_000.ts\n",
    "360p/seg_000.ts": "segment bytes",
    "poster.jpg": "jpeg",
    "thumb-160w.webp": "webp",
    "storyboard.vtt": "WEBVTT\n",
    ...extra,
  };
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await storage().client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, ContinuationToken }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key as string));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return keys.sort();
}

describe("s3MediaStorage", () => {
  it("publishes a folder under the key prefix with each file's type and immutable caching, the master playlist last", async () => {
    const media = storage();
    const puts: string[] = [];
    media.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "PutObjectCommand") puts.push((args.input as { Key: string }).Key);
        return next(args);
      },
      { step: "initialize", name: "recordPuts" },
    );
    const id = crypto.randomUUID();
    const dir = renditionFolder();
    await media.publishDirectory(dir, `videos/${id}`);

    expect(fs.existsSync(dir)).toBe(false); // published: the scratch folder is gone
    const base = `${KEY_PREFIX}/videos/${id}`;
    expect(await bucketKeys(`${base}/`)).toEqual(
      ["360p/index.m3u8", "360p/seg_000.ts", "master.m3u8", "poster.jpg", "storyboard.vtt", "thumb-160w.webp"].map((f) => `${base}/${f}`),
    );
    expect(puts.at(-1)).toBe(`${base}/master.m3u8`);
    expect(puts.indexOf(`${base}/360p/index.m3u8`)).toBeGreaterThan(puts.indexOf(`${base}/360p/seg_000.ts`));

    const expected: Record<string, string> = {
      "master.m3u8": "application/vnd.apple.mpegurl",
      "360p/seg_000.ts": "video/mp2t",
      "poster.jpg": "image/jpeg",
      "thumb-160w.webp": "image/webp",
      "storyboard.vtt": "text/vtt; charset=utf-8",
    };
    for (const [file, type] of Object.entries(expected)) {
      const head = await media.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${base}/${file}` }));
      expect({ file, type: head.ContentType, cache: head.CacheControl }).toEqual({ file, type, cache: IMMUTABLE_CACHE_CONTROL });
    }

    // Browsers read it at MEDIA_BASE_URL + key, without credentials, from another origin (CORS).
    const url = media.url(`videos/${id}/360p/seg_000.ts`);
    expect(url).toBe(`${s3.publicBase}${KEY_PREFIX}/videos/${id}/360p/seg_000.ts`);
    const res = await fetch(url, { headers: { Origin: "http://127.0.0.1:9" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("segment bytes");
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers.get("content-type")).toBe("video/mp2t");
    expect(res.headers.get("access-control-allow-origin")).toBeTruthy();
  });

  it("publishing again replaces the set: files the new one lacks are removed", async () => {
    const media = storage();
    const id = crypto.randomUUID();
    await media.publishDirectory(renditionFolder({ "old-only.jpg": "stale" }), `videos/${id}`);
    await media.publishDirectory(renditionFolder(), `videos/${id}`);
    const keys = await bucketKeys(`${KEY_PREFIX}/videos/${id}/`);
    expect(keys).toHaveLength(6);
    expect(keys.some((k) => k.endsWith("old-only.jpg"))).toBe(false);
  });

  it("listKeys names every file under a folder as keys (without the bucket's key prefix), across pages; keyOf reverses url", async () => {
    const media = storage({ listPageSize: 2 });
    const id = crypto.randomUUID();
    await media.publishDirectory(renditionFolder(), `videos/${id}`);
    const keys = await media.listKeys(`videos/${id}`);
    expect(keys).toEqual([
      `videos/${id}/360p/index.m3u8`,
      `videos/${id}/360p/seg_000.ts`,
      `videos/${id}/master.m3u8`,
      `videos/${id}/poster.jpg`,
      `videos/${id}/storyboard.vtt`,
      `videos/${id}/thumb-160w.webp`,
    ]);
    expect(await media.listKeys(`videos/${crypto.randomUUID()}`)).toEqual([]);
    expect(media.keyOf(media.url(`videos/${id}/master.m3u8`))).toBe(`videos/${id}/master.m3u8`);
    expect(media.keyOf("https://elsewhere.example/videos/x/master.m3u8")).toBeUndefined();
  });

  it("removePrefix deletes every object under the folder across pages, and nothing beside it", async () => {
    const media = storage({ listPageSize: 7 });
    const id = crypto.randomUUID();
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`360p/seg_${String(i).padStart(3, "0")}.ts`, `s${i}`]));
    await media.publishDirectory(renditionFolder(many), `videos/${id}`);
    // A neighbour whose name starts with the same characters is another folder.
    await media.publishDirectory(renditionFolder(), `videos/${id}-other`);
    expect(await bucketKeys(`${KEY_PREFIX}/videos/${id}/`)).toHaveLength(45);

    await media.removePrefix(`videos/${id}`);
    expect(await bucketKeys(`${KEY_PREFIX}/videos/${id}/`)).toEqual([]);
    expect(await bucketKeys(`${KEY_PREFIX}/videos/${id}-other/`)).toHaveLength(6);
    await media.removePrefix(`videos/${id}`); // nothing there is fine
    await media.removePrefix(`videos/${id}-other`);
  });

  it("removePrefix deletes more than DeleteObjects takes at once (1000 keys)", async () => {
    const media = storage();
    const id = crypto.randomUUID();
    const many = Object.fromEntries(Array.from({ length: 1010 }, (_, i) => [`p/s${String(i).padStart(4, "0")}.ts`, "x"]));
    await media.publishDirectory(renditionFolder(many), `videos/${id}`);
    expect(await bucketKeys(`${KEY_PREFIX}/videos/${id}/`)).toHaveLength(1016);
    await media.removePrefix(`videos/${id}`);
    expect(await bucketKeys(`${KEY_PREFIX}/videos/${id}/`)).toEqual([]);
  });

  it("stores, reads back and removes single files (a transcode source, the house clip, a manifest)", async () => {
    const media = storage();
    const source = path.join(tmp, "source.bin");
    fs.writeFileSync(source, crypto.randomBytes(300_000));
    const key = `uploads/${crypto.randomUUID()}`;
    expect(await media.exists(key)).toBe(false);
    await media.putFile(source, key);
    expect(await media.exists(key)).toBe(true);
    expect(await bucketKeys(`${KEY_PREFIX}/uploads/`)).toContain(`${KEY_PREFIX}/${key}`);
    const copy = path.join(tmp, "copy.bin");
    await media.getFile(key, copy);
    expect(fs.readFileSync(copy).equals(fs.readFileSync(source))).toBe(true);
    await media.removeObject(key);
    expect(await media.exists(key)).toBe(false);

    const clip = path.join(tmp, "house-ad.mp4");
    fs.writeFileSync(clip, "mp4");
    await media.putFile(clip, "house-ad/house-ad.mp4");
    const head = await media.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${KEY_PREFIX}/house-ad/house-ad.mp4` }));
    expect([head.ContentType, head.CacheControl]).toEqual(["video/mp4", IMMUTABLE_CACHE_CONTROL]);

    expect(await media.readText("demo/manifest.json")).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(tmp, "demo-"));
    fs.writeFileSync(path.join(dir, "manifest.json"), '{"signature":"x"}');
    await media.copyDirectory(dir, "demo");
    expect(fs.existsSync(path.join(dir, "manifest.json"))).toBe(true); // copied, not moved
    expect(await media.readText("demo/manifest.json")).toBe('{"signature":"x"}');
  });

  it("refuses keys that are not plain relative paths", () => {
    const media = storage();
    expect(() => media.url("../secret")).toThrow(/Invalid media key/);
    expect(() => media.url("/videos/x")).toThrow(/Invalid media key/);
  });
});

describe("a storage that cannot be reached", () => {
  it("fails every operation with StorageUnavailableError after the SDK's retries; a missing key is still not found", async () => {
    const port = await freeLoopbackPort(); // nothing listens there
    const away = s3MediaStorage(
      {
        bucket: "away",
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        credentials: { ...S3RVER_CREDENTIALS },
        baseUrl: "https://media.example.com/",
      },
      { scratchRoot: path.join(tmp, "scratch-away") },
    );
    const file = path.join(tmp, "away.mp4");
    fs.writeFileSync(file, "mp4");
    const outcomes = await Promise.allSettled([
      away.putFile(file, "uploads/x"),
      away.exists("videos/x/master.m3u8"),
      away.readText("demo/manifest.json"),
      away.getFile("uploads/x", path.join(tmp, "away-copy")),
      away.removePrefix("videos/x"),
      away.publishDirectory(renditionFolder(), "videos/away"),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      expect(outcome.status === "rejected" && outcome.reason).toBeInstanceOf(StorageUnavailableError);
    }
    // The reachable storage's own answers are not outages.
    expect(await storage().exists("videos/none/master.m3u8")).toBe(false);
  });

  it("counts no answer and 5xx answers as unreachable, 4xx answers as the caller's", () => {
    expect(storageUnreachable(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(storageUnreachable(Object.assign(new Error("x"), { name: "TimeoutError" }))).toBe(true);
    expect(storageUnreachable(Object.assign(new Error("x"), { $metadata: { httpStatusCode: 503 } }))).toBe(true);
    expect(storageUnreachable(Object.assign(new Error("x"), { $metadata: { httpStatusCode: 404 }, name: "NoSuchKey" }))).toBe(false);
    expect(storageUnreachable(Object.assign(new Error("x"), { $metadata: { httpStatusCode: 403 } }))).toBe(false);
    expect(storageUnreachable(new Error("a bug"))).toBe(false);
  });
});
