import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from "../../tests/support/s3-server";
import { mediaRedirects } from "../http/static-files";
import { uploadDemoMedia } from "../seed/demo-content";
import { ensureHouseAd, HOUSE_AD_KEY, houseAdUrl } from "./house-ad";
import { s3MediaStorage } from "./s3-storage";

// The media the app itself puts in object storage (house clip, demo set, blog image) and the /media redirect,
// against s3rver on loopback.
let s3: TestS3;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "object-storage-media-"));

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A storage on the test bucket under its own key prefix, counting the objects it writes. */
function storage(keyPrefix: string) {
  const media = s3MediaStorage(s3.settings(keyPrefix), { scratchRoot: path.join(tmp, "scratch") });
  const puts: string[] = [];
  media.client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: string };
      if (/PutObject|CreateMultipartUpload/.test(context.commandName ?? "") && input.Key) puts.push(input.Key);
      return next(args);
    },
    { step: "initialize", name: "countPuts" },
  );
  return { media, puts };
}

describe("the house clip on object storage", () => {
  it("is uploaded once per rendering, and offered only once the bucket has it", async () => {
    const { media, puts } = storage("house");
    expect(await houseAdUrl(media)).toBeNull();
    const log: string[] = [];
    const opts = {
      mediaRoot: path.join(tmp, "app-a", "media"),
      cacheRoot: path.join(tmp, "cache"),
      storage: media,
      log: (m: string) => log.push(m),
    };
    await ensureHouseAd(opts);
    expect(puts).toEqual([`house/${HOUSE_AD_KEY}`, "house/house-ad/signature.json"]); // the clip, then what vouches for it
    // A missing clip is believed missing for a minute: a fresh storage object asks again.
    expect(await houseAdUrl(storage("house").media)).toBe(`${s3.publicBase}house/house-ad/house-ad.mp4`);
    const clip = await fetch(`${s3.publicBase}house/house-ad/house-ad.mp4`);
    expect([clip.status, clip.headers.get("content-type"), clip.headers.get("cache-control")]).toEqual([
      200,
      "video/mp4",
      "public, max-age=31536000, immutable",
    ]);

    // Another instance's start (its own DATA_DIR): same rendering, nothing uploaded again.
    const other = storage("house");
    await ensureHouseAd({ ...opts, mediaRoot: path.join(tmp, "app-b", "media"), storage: other.media });
    expect(other.puts).toEqual([]);
    expect(log.filter((l) => l.includes("uploading"))).toHaveLength(1);
  });

  it("a storage that fails does not stop the start: a warning, and no clip offered", async () => {
    const unreachable = s3MediaStorage(
      {
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: "http://127.0.0.1:9", // nothing listens there
        forcePathStyle: true,
        credentials: { ...S3RVER_CREDENTIALS },
        baseUrl: "http://127.0.0.1:9/bucket/",
      },
      { scratchRoot: path.join(tmp, "scratch") },
    );
    const warnings: string[] = [];
    const file = await ensureHouseAd({
      mediaRoot: path.join(tmp, "app-c", "media"),
      cacheRoot: path.join(tmp, "cache"),
      storage: unreachable,
      log: () => {},
      warn: (m) => warnings.push(m),
    });
    expect(fs.existsSync(file)).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(/^\[media\] uploading the house pre-roll clip to the media storage failed: /)]);
    expect(await houseAdUrl(unreachable)).toBeNull();
  });
});

describe("the demo set on object storage", () => {
  it("is copied with the manifest last, once per rendering, with the blog's default image", async () => {
    const mediaRoot = path.join(tmp, "demo-root", "media");
    const files: Record<string, string> = {
      "demo/aurora/master.m3u8": "#EXTM3U\n",
      "demo/aurora/720p/index.m3u8": "#EXTM3U\n",
      "demo/aurora/720p/seg_000.ts": "ts",
      "demo/aurora/thumb.jpg": "jpg",
      "demo/manifest.json": '{"signature":"one"}',
      "og/blog-default.png": "png",
    };
    for (const [name, body] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(mediaRoot, name)), { recursive: true });
      fs.writeFileSync(path.join(mediaRoot, name), body);
    }
    const { media, puts } = storage("demo-site");
    await uploadDemoMedia(media, mediaRoot, true, () => {});
    expect(puts.toSorted()).toEqual(
      Object.keys(files)
        .map((f) => `demo-site/${f}`)
        .toSorted(),
    );
    expect(puts.at(-1)).toBe("demo-site/demo/manifest.json");
    expect(puts.indexOf("demo-site/demo/aurora/master.m3u8")).toBeGreaterThan(puts.indexOf("demo-site/demo/aurora/720p/index.m3u8"));

    puts.length = 0;
    await uploadDemoMedia(media, mediaRoot, true, () => {});
    expect(puts).toEqual([]); // the bucket's manifest matches: this rendering is there, complete

    fs.writeFileSync(path.join(mediaRoot, "demo/manifest.json"), '{"signature":"two"}');
    await uploadDemoMedia(media, mediaRoot, true, () => {});
    expect(puts.at(-1)).toBe("demo-site/demo/manifest.json");
    expect(await media.readText("demo/manifest.json")).toBe('{"signature":"two"}');
  });
});

describe("/media on object storage", () => {
  it("redirects a media path to MEDIA_BASE_URL + key, and answers 404 to anything else or to itself", async () => {
    const app = express();
    app.use(
      "/media",
      mediaRedirects((key) => `https://cdn.example.com/site/${key}`),
    );
    app.use(
      "/self/media",
      mediaRedirects((key) => `/self/media/${key}`),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const moved = await fetch(`${origin}/media/og/blog-default.png`, { redirect: "manual" });
      expect(moved.status).toBe(302);
      expect(moved.headers.get("location")).toBe("https://cdn.example.com/site/og/blog-default.png");
      for (const p of ["/media/../secret.png", "/media/x/notes.txt", "/media/.hidden/a.png", "/media/"]) {
        expect((await fetch(`${origin}${p}`, { redirect: "manual" })).status, p).toBe(404);
      }
      expect((await fetch(`${origin}/media/a.png`, { method: "POST", redirect: "manual" })).status).toBe(404);
      // A base that is this very path (a proxy serves it) is not redirected to itself.
      expect((await fetch(`${origin}/self/media/a.png`, { redirect: "manual" })).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
