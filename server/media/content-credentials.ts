import crypto from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { type CredentialsView, STREAM_ASSERTION, STREAM_CREDENTIALS_FILE, TRAINED_ALGORITHMIC_MEDIA } from "../../core/content-credentials";
import { site } from "../../core/site";
import { DEVELOPMENT_ORGANIZATION } from "./c2pa/dev-certificate";
import { type ManifestDefinition, type ManifestReport, readManifest, signAsset } from "./c2pa/sdk";
import { type ContentSigner, contentSigner } from "./c2pa/signer";
import { streamFiles } from "./hls";
import type { MediaStorage } from "./storage";

/**
 * Content credentials (C2PA) for published videos, docs/decisions/0027-content-credentials.md. The publishing
 * pipeline signs a video's folder before it is published (addContentCredentials): the poster carries its
 * manifest embedded, the stream a sidecar (core/content-credentials.ts says why). Both manifests state that the
 * media were made by a trained model (IPTC trainedAlgorithmicMedia), as the page's JSON-LD does.
 */

const POSTER = "poster.jpg";
const MASTER = "master.m3u8";
const ACTIONS = "c2pa.actions.v2";

function definition(title: string, extra: ManifestDefinition["assertions"] = []): ManifestDefinition {
  return {
    title,
    claim_generator_info: [{ name: `${site.name} publishing pipeline` }],
    assertions: [
      { label: ACTIONS, data: { actions: [{ action: "c2pa.created", digitalSourceType: TRAINED_ALGORITHMIC_MEDIA }] } },
      ...extra,
    ],
  };
}

/**
 * Signs a finished, not yet published folder (master.m3u8, its playlists and segments, poster.jpg): the poster is
 * replaced by a copy with the manifest embedded, and STREAM_CREDENTIALS_FILE is written beside the playlist.
 * The poster's WebP variants are not signed (resized copies; the JPEG is the original).
 */
export async function addContentCredentials(dir: string, title: string, signer: ContentSigner = contentSigner()): Promise<void> {
  const poster = path.join(dir, POSTER);
  await writeAtomic(poster, await signAsset(await fs.readFile(poster), "image/jpeg", definition(title), signer));

  const master = path.join(dir, MASTER);
  const files = [];
  for (const file of [master, ...streamFiles(master)]) {
    const sha256 = crypto
      .createHash("sha256")
      .update(await fs.readFile(file))
      .digest("hex");
    files.push({ path: path.relative(dir, file).split(path.sep).join("/"), sha256 });
  }
  // The carrier is a tiny plain picture: what matters is the manifest in it (the stream's files by SHA-256).
  const carrier = await sharp({ create: { width: 16, height: 9, channels: 3, background: "#18181b" } })
    .png()
    .toBuffer();
  const stream = definition(`${title} (video stream)`, [{ label: STREAM_ASSERTION, data: { playlist: MASTER, files } }]);
  await writeAtomic(path.join(dir, STREAM_CREDENTIALS_FILE), await signAsset(carrier, "image/png", stream, signer));
}

/** True when a folder was signed already (its sidecar is written last). */
export function hasContentCredentials(dir: string): boolean {
  return existsSync(path.join(dir, STREAM_CREDENTIALS_FILE));
}

async function writeAtomic(file: string, bytes: Buffer): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, file);
}

/** The media key of a URL this storage made (storage.url), or undefined for anything else. */
function keyOf(storage: MediaStorage, url: string): string | undefined {
  const base = storage.url("k").slice(0, -1);
  return url.startsWith(base) ? url.slice(base.length) : undefined;
}

// Published media never change under their URL, so what was read once stays true: a small cache per process.
const MAX_CACHED = 500;
const cache = new Map<string, CredentialsView>();

/** The poster's and the stream's credentials of a published video, read and validated for the credentials page. */
export async function videoCredentials(
  video: { poster_url: string | null; video_url: string | null },
  storage: MediaStorage,
): Promise<CredentialsView[]> {
  const assets: [name: string, url: string | null, format: string][] = [
    ["Poster image", video.poster_url, "image/jpeg"],
    ["Video stream", video.video_url?.replace(/[^/]+$/, STREAM_CREDENTIALS_FILE) ?? null, "image/png"],
  ];
  const views = [];
  for (const [name, url, format] of assets) if (url) views.push(await assetCredentials(storage, name, url, format));
  return views;
}

async function assetCredentials(storage: MediaStorage, name: string, url: string, format: string): Promise<CredentialsView> {
  const hit = cache.get(url);
  if (hit) return hit;
  const key = keyOf(storage, url);
  const bytes = key ? await storage.readBytes(key) : undefined;
  const report = bytes ? await readManifest(bytes, format) : undefined;
  const view = credentialsView(name, url, report);
  if (report) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(url, view);
  }
  return view;
}

/** A manifest report in the terms the page shows. */
export function credentialsView(name: string, url: string, report: ManifestReport | undefined): CredentialsView {
  const m = report?.manifest;
  const assertion = (label: string) => m?.assertions?.find((a) => a.label === label)?.data as Record<string, unknown> | undefined;
  const actions = (assertion(ACTIONS)?.actions ?? []) as { action?: string; digitalSourceType?: string }[];
  const stream = assertion(STREAM_ASSERTION) as { files?: CredentialsView["files"] } | undefined;
  const generator = m?.claim_generator_info?.[0];
  const failures = (report?.failure ?? []).map((f) => f.code);
  return {
    name,
    url,
    missing: !report,
    state: report?.validationState ?? "None",
    signatureValid:
      !!report?.success.some((s) => s.code === "claimSignature.validated") && !failures.some((c) => c.startsWith("claimSignature")),
    failures,
    digitalSourceType: actions.find((a) => a.digitalSourceType)?.digitalSourceType ?? null,
    actions: actions.flatMap((a) => (a.action ? [a.action] : [])),
    generator: generator?.name ? [generator.name, generator.version].filter(Boolean).join(" ") : null,
    signer: m?.signature_info?.common_name ?? null,
    issuer: m?.signature_info?.issuer ?? null,
    development: m?.signature_info?.issuer === DEVELOPMENT_ORGANIZATION,
    files: stream?.files ?? [],
  };
}
