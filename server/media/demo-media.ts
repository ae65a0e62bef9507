import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { STILL_FORMATS } from "../../core/images";
import type { ContentSigner } from "./c2pa/signer";
import { addContentCredentials, hasContentCredentials } from "./content-credentials";
import { DEMO_LOOKS, type DemoLook, soundtrack } from "./demo-looks";
import { probe, runFfmpeg } from "./ffmpeg";
import { makePoster, makeThumbnail, streamFiles, transcodeToHls } from "./hls";
import { makeStillVariants, STILL_ENCODING, stillVariantFiles } from "./stills";
import { makeStoryboard, STORYBOARD_IMAGE, STORYBOARD_VTT } from "./storyboard";

export interface DemoAsset {
  key: string;
  title: string;
  durationSeconds: number;
  /** Relative to the media root, posix, e.g. "demo/aurora/master.m3u8". */
  hlsPath: string;
  posterPath: string;
  thumbnailPath: string;
  /** The scrub-preview WebVTT; its sprite (`storyboard.jpg`) sits next to it. */
  storyboardPath: string;
}

export interface DemoMediaOptions {
  /** How many looks to render (1..6). Default all. */
  assets?: number;
  /** Fixed length for every clip (tests use a few seconds). Default: each look's own 40-62 s. */
  clipSeconds?: number;
  /**
   * Signs each clip's content credentials (server/media/content-credentials.ts) with this signer; the seed passes
   * the app's. A shared cache (DEMO_MEDIA_CACHE) is signed once, by the first app to find it unsigned.
   */
  signer?: ContentSigner;
}

interface Manifest {
  /** Changes whenever inputs that shape the output change, so stale sets get regenerated. */
  signature: string;
  assets: DemoAsset[];
  /** The clips carry content credentials. Changes the file, so a bucket holding an unsigned set gets the new one. */
  credentials?: true;
  /** The formats of the stills' variants (core/images.ts); changes the file, so a bucket with fewer gets the new ones. */
  stillFormats?: string[];
  /** The encoder settings the variants were written with (server/media/stills.ts); the same for a bucket's copy. */
  stillEncoding?: string;
}

const FPS = 24;
// Bump when looks or encoding settings change. 4: 2 s segments and keyframes, storyboard sprite + WebVTT.
const RECIPE_VERSION = 4;
// ultrafast is ~2x quicker than veryfast on this content; CABAC/8x8dct/deblock restore High profile and most of
// the quality, and the soft upscaled sources hide the rest.
const DEMO_X264 = { preset: "ultrafast", x264Params: "cabac=1:8x8dct=1:deblock=1", crf: 26 };
const LOG_INTERVAL_MS = 2000;

const inflight = new Map<string, Promise<DemoAsset[]>>();

/**
 * Makes sure `mediaRoot/demo` holds a set of abstract, playable HLS demo clips and returns them.
 * Idempotent: `demo/manifest.json` is written last, and a complete set is returned without any work.
 */
export function ensureDemoMedia(mediaRoot: string, log: (msg: string) => void, opts: DemoMediaOptions = {}): Promise<DemoAsset[]> {
  const root = path.resolve(mediaRoot);
  // Concurrent callers in one process (e.g. dev server + seed) share a single generation run.
  const running = inflight.get(root);
  if (running) return running;
  const job = generate(root, log, opts).finally(() => inflight.delete(root));
  inflight.set(root, job);
  return job;
}

async function generate(root: string, log: (msg: string) => void, opts: DemoMediaOptions): Promise<DemoAsset[]> {
  const looks = DEMO_LOOKS.slice(0, Math.max(1, Math.min(opts.assets ?? DEMO_LOOKS.length, DEMO_LOOKS.length)));
  const signature = JSON.stringify({ v: RECIPE_VERSION, keys: looks.map((l) => l.key), clipSeconds: opts.clipSeconds ?? null });
  const demoDir = path.join(root, "demo");
  const manifestPath = path.join(demoDir, "manifest.json");

  const existing = await readManifest(manifestPath);
  if (existing && existing.signature === signature && allFilesExist(root, existing.assets)) {
    // The stills' variants are derived from the JPEGs in a few seconds, so a set made before a format existed, or
    // with other encoder settings, gets them in place instead of a full re-render (RECIPE_VERSION is deliberately not bumped for them:
    // worktrees on older code share the same cache folder and would otherwise re-render it in turn).
    await ensureStillVariants(root, existing, manifestPath, log);
    if (opts.signer) await signDemoMedia(root, opts.signer, log);
    return existing.assets;
  }

  const started = Date.now();
  log(`[media] generating ${looks.length} demo clip(s) in ${demoDir}`);
  await fs.mkdir(demoDir, { recursive: true });
  // The old manifest must not vouch for files that are about to be replaced.
  await fs.rm(manifestPath, { force: true });

  const assets: DemoAsset[] = [];
  for (const [i, look] of looks.entries()) {
    const prefix = `[media] ${i + 1}/${looks.length} ${look.key}`;
    assets.push(await renderAsset(root, look, opts.clipSeconds ?? look.seconds, throttled(log, prefix)));
  }

  const manifest: Manifest = { signature, assets, stillFormats: [...STILL_FORMATS], stillEncoding: STILL_ENCODING };
  if (opts.signer) await signDemoSet(root, manifest, opts.signer, manifestPath, log);
  else await writeManifest(manifestPath, manifest);
  log(`[media] demo media ready: ${assets.length} clip(s) in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return assets;
}

async function writeManifest(file: string, manifest: Manifest): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  await fs.writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.rename(tmp, file);
}

/**
 * Signs the demo set under `mediaRoot` if it is complete and unsigned (rendered before content credentials
 * existed); true when it did. Every start runs it (server/seed/demo-content.ts), not only the first seed.
 */
export async function signDemoMedia(mediaRoot: string, signer: ContentSigner, log: (msg: string) => void): Promise<boolean> {
  const root = path.resolve(mediaRoot);
  const manifestPath = path.join(root, "demo", "manifest.json");
  const existing = await readManifest(manifestPath);
  if (!existing || existing.credentials || !allFilesExist(root, existing.assets)) return false;
  await signDemoSet(root, existing, signer, manifestPath, log);
  return true;
}

/**
 * Adds content credentials to every clip of a set that has none yet (a set rendered before they existed gets
 * them in place, like the WebP variants), then records it in the manifest.
 */
async function signDemoSet(root: string, manifest: Manifest, signer: ContentSigner, file: string, log: (msg: string) => void) {
  for (const asset of manifest.assets) {
    const dir = path.join(root, path.dirname(asset.hlsPath));
    if (hasContentCredentials(dir)) continue;
    log(`[media] signing the content credentials of ${asset.key}`);
    await addContentCredentials(dir, asset.title, signer);
  }
  await writeManifest(file, { ...manifest, credentials: true });
}

/** Logs `prefix: step (NN%)`, at most every couple of seconds per step, always on step changes. */
function throttled(log: (msg: string) => void, prefix: string) {
  let lastStep = "";
  let lastAt = 0;
  return (step: string, fraction?: number) => {
    const now = Date.now();
    // A step's 100% is implied by the next step's line.
    if (step === lastStep && (fraction === 1 || now - lastAt < LOG_INTERVAL_MS)) return;
    lastStep = step;
    lastAt = now;
    log(fraction === undefined ? `${prefix}: ${step}` : `${prefix}: ${step} (${Math.round(fraction * 100)}%)`);
  };
}

async function renderAsset(
  root: string,
  look: DemoLook,
  seconds: number,
  progress: (step: string, fraction?: number) => void,
): Promise<DemoAsset> {
  const started = Date.now();
  const rel = `demo/${look.key}`;
  const dir = path.join(root, rel);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  const source = path.join(dir, "source.mkv");

  // Small, near-lossless intermediate: sources are costly to evaluate, so render them once for all rungs.
  const fadeOut = Math.max(0, seconds - 1.5).toFixed(2);
  await runFfmpeg(
    [
      "-f",
      "lavfi",
      "-i",
      `${look.video(FPS)},fade=t=in:d=1,fade=t=out:st=${fadeOut}:d=1.5`,
      "-f",
      "lavfi",
      "-i",
      soundtrack(look, seconds),
      "-t",
      seconds.toFixed(2),
      "-map",
      "0:v",
      "-map",
      "1:a",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-crf",
      "16",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "pcm_s16le",
      source,
    ],
    { onProgress: (s) => progress("rendering source", Math.min(1, s / seconds)) },
  );

  try {
    const { media, format } = await probe(source);
    const durationSeconds = Math.round(Number.parseFloat(format.duration ?? "") * 100) / 100;
    if (!Number.isFinite(durationSeconds)) throw new Error(`ffprobe reported no duration for ${source}`);
    await transcodeToHls(media, dir, {
      ...DEMO_X264,
      fps: FPS,
      segmentSeconds: 2,
      upscaleTo: 1080,
      onProgress: (fraction, rungs) => progress(`transcoding ${rungs.join("/")}`, fraction),
    });
    progress("poster + thumbnail");
    const still = seconds * 0.4;
    await makePoster(media, path.join(dir, "poster.jpg"), still);
    await makeThumbnail(media, path.join(dir, "thumb.jpg"), still);
    progress("storyboard");
    await makeStoryboard(media, dir, { durationSeconds });
    progress(`done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return {
      key: look.key,
      title: look.title,
      durationSeconds,
      hlsPath: `${rel}/master.m3u8`,
      posterPath: `${rel}/poster.jpg`,
      thumbnailPath: `${rel}/thumb.jpg`,
      storyboardPath: `${rel}/${STORYBOARD_VTT}`,
    };
  } finally {
    await fs.rm(source, { force: true });
  }
}

/**
 * Writes the variants every poster and thumbnail lacks (a set rendered before a format was added), and only
 * those; or all of them again when the manifest names other encoder settings (or none: written before they
 * were recorded). Then records the formats and the settings in the manifest.
 */
async function ensureStillVariants(root: string, manifest: Manifest, file: string, log: (msg: string) => void): Promise<void> {
  const stills = manifest.assets.flatMap((a) => [a.posterPath, a.thumbnailPath]).map((p) => path.join(root, p));
  if (manifest.stillEncoding !== STILL_ENCODING) {
    log(`[media] encoding the variants of ${stills.length} still(s) again (${STILL_ENCODING})`);
    for (const f of stills) await makeStillVariants(f);
  } else {
    const missing = stills.filter((f) => !stillVariantFiles(f).every((v) => existsSync(v)));
    if (missing.length) {
      log(`[media] writing the missing variants of ${missing.length} still(s)`);
      for (const f of missing) await makeStillVariants(f, (variant) => !existsSync(variant));
    }
  }
  if (manifest.stillFormats?.join() !== STILL_FORMATS.join() || manifest.stillEncoding !== STILL_ENCODING)
    await writeManifest(file, { ...manifest, stillFormats: [...STILL_FORMATS], stillEncoding: STILL_ENCODING });
}

async function readManifest(file: string): Promise<Manifest | undefined> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, "utf8")) as Partial<Manifest>;
    return typeof parsed.signature === "string" && Array.isArray(parsed.assets) ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/** Every playlist, segment and still the manifest points at is on disk. */
function allFilesExist(root: string, assets: readonly DemoAsset[]): boolean {
  return assets.every((a) => {
    const master = path.join(root, a.hlsPath);
    const stills = [
      a.posterPath,
      a.thumbnailPath,
      a.storyboardPath,
      path.posix.join(path.posix.dirname(a.storyboardPath), STORYBOARD_IMAGE),
    ];
    if (!existsSync(master) || !stills.every((p) => existsSync(path.join(root, p)))) return false;
    // (The stills' variants are checked and made separately: see ensureStillVariants.)
    return streamFiles(master).every((f) => existsSync(f));
  });
}
