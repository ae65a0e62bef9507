import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { withFileLock } from "../file-lock";
import { runFfmpeg } from "./ffmpeg";
import type { MediaStorage } from "./storage";

/**
 * The house pre-roll: a short abstract clip advertising the site itself, rendered locally with ffmpeg
 * (lavfi sources only, nothing figurative), marked "ADVERTISEMENT" in the picture when a font is at hand
 * (the player shows its own "Ad" label in any case). A small faststart MP4 rather than HLS: a pre-roll
 * plays once from the start, so one progressive file starts as fast and needs no hls.js.
 *
 * It lives apart from the demo media (own folder, own signature), so changing either recipe never
 * re-renders the other.
 */
export const HOUSE_AD_DIR = "house-ad";
export const HOUSE_AD_FILE = "house-ad.mp4";
/** The clip's key in the media storage (its URL: storage.url(HOUSE_AD_KEY)). */
export const HOUSE_AD_KEY = `${HOUSE_AD_DIR}/${HOUSE_AD_FILE}`;
const SIGNATURE_FILE = "signature.json";
/** How long a missing clip on object storage is believed missing before asking again. */
const MISSING_RECHECK_MS = 60_000;
const DEFAULT_SECONDS = 15;
// Bump when the picture, sound or encoding below change.
const RECIPE_VERSION = 2;
const FONT_CANDIDATES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
];

export interface HouseAdOptions {
  /** Clip length (tests use a few seconds). Default 15 s, the pre-roll length of docs/product.md "Pre-roll". */
  seconds?: number;
}

/** The file path of the house clip under a media root, whether or not it exists yet. */
export function houseAdPath(mediaRoot: string): string {
  return path.join(mediaRoot, HOUSE_AD_DIR, HOUSE_AD_FILE);
}

/**
 * Makes sure `mediaRoot/house-ad/house-ad.mp4` exists and matches the current recipe. With `cacheRoot`
 * (DEMO_MEDIA_CACHE) it is rendered there once per machine, under a file lock, and linked into mediaRoot.
 * With object storage (`storage.remote`) the clip is then uploaded, unless the bucket has this very rendering;
 * a storage that fails then does not stop the start (every instance's start runs this): `warn` says so, and
 * the pre-roll has no house clip until a later start uploads it.
 */
export async function ensureHouseAd(opts: {
  mediaRoot: string;
  cacheRoot?: string;
  log: (msg: string) => void;
  warn?: (msg: string) => void;
  storage?: MediaStorage;
}): Promise<string> {
  const file = await renderHouseAd(opts);
  if (opts.storage?.remote) {
    await uploadHouseAd(opts.storage, path.dirname(file), opts.log).catch((err: unknown) =>
      (opts.warn ?? opts.log)(`[media] uploading the house pre-roll clip to the media storage failed: ${(err as Error).message}`),
    );
  }
  return file;
}

async function renderHouseAd(opts: { mediaRoot: string; cacheRoot?: string; log: (msg: string) => void }): Promise<string> {
  if (!opts.cacheRoot) {
    await renderIfStale(path.join(opts.mediaRoot, HOUSE_AD_DIR), opts.log);
    return houseAdPath(opts.mediaRoot);
  }
  const cacheRoot = path.resolve(opts.cacheRoot);
  await fs.mkdir(cacheRoot, { recursive: true });
  const cached = path.join(cacheRoot, HOUSE_AD_DIR);
  await withFileLock(path.join(cacheRoot, ".house-ad.lock"), () => renderIfStale(cached, opts.log));
  const link = path.join(opts.mediaRoot, HOUSE_AD_DIR);
  if (!existsSync(link)) {
    await fs.mkdir(opts.mediaRoot, { recursive: true });
    await fs.symlink(cached, link, "dir");
  }
  return houseAdPath(opts.mediaRoot);
}

/** The clip, then its signature (written last: a signature in the bucket vouches for a complete clip). */
async function uploadHouseAd(storage: MediaStorage, dir: string, log: (msg: string) => void): Promise<void> {
  const signature = await fs.readFile(path.join(dir, SIGNATURE_FILE), "utf8");
  if ((await storage.readText(`${HOUSE_AD_DIR}/${SIGNATURE_FILE}`)) === signature) return;
  log("[media] uploading the house pre-roll clip to the media storage");
  await storage.putFile(path.join(dir, HOUSE_AD_FILE), HOUSE_AD_KEY);
  await storage.putFile(path.join(dir, SIGNATURE_FILE), `${HOUSE_AD_DIR}/${SIGNATURE_FILE}`);
}

let remoteClip: { storage: MediaStorage; present: boolean; checkedAt: number; checking?: Promise<void> } | undefined;

/**
 * The house clip's public URL when the media storage holds it, else null (demo media not generated). Local
 * disk is looked at each time (a stat); object storage at most once a minute while the clip is missing (a
 * HEAD request), and not again once it is there. Only a process's first look is waited for: later ones happen
 * behind the page, so a bucket that is slow or away (its SDK retries take about a second) never holds up a
 * video page (issue 31's fault matrix).
 */
export async function houseAdUrl(storage: MediaStorage): Promise<string | null> {
  if (!storage.remote) return (await storage.exists(HOUSE_AD_KEY)) ? storage.url(HOUSE_AD_KEY) : null;
  const look = () => storage.exists(HOUSE_AD_KEY).catch(() => false);
  if (remoteClip?.storage !== storage) {
    remoteClip = { storage, present: await look(), checkedAt: Date.now() };
  } else if (!remoteClip.present && !remoteClip.checking && Date.now() - remoteClip.checkedAt > MISSING_RECHECK_MS) {
    const known = remoteClip;
    known.checking = look().then((present) => {
      if (remoteClip === known) remoteClip = { storage, present, checkedAt: Date.now() };
    });
  }
  return remoteClip.present ? storage.url(HOUSE_AD_KEY) : null;
}

async function renderIfStale(dir: string, log: (msg: string) => void): Promise<void> {
  const font = FONT_CANDIDATES.find((f) => existsSync(f));
  const signature = JSON.stringify({ v: RECIPE_VERSION, seconds: DEFAULT_SECONDS, font: Boolean(font) });
  const signatureFile = path.join(dir, SIGNATURE_FILE);
  const current = await fs.readFile(signatureFile, "utf8").catch(() => "");
  if (current === signature && existsSync(path.join(dir, HOUSE_AD_FILE))) return;
  const started = Date.now();
  log(`[media] rendering the house pre-roll clip in ${dir}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.rm(signatureFile, { force: true });
  const tmp = path.join(dir, `.tmp-${process.pid}-${HOUSE_AD_FILE}`);
  await renderHouseAdClip(tmp, { seconds: DEFAULT_SECONDS, font });
  await fs.rename(tmp, path.join(dir, HOUSE_AD_FILE)); // atomic: a reader never sees half a file
  await fs.writeFile(signatureFile, signature);
  log(`[media] house pre-roll clip ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/**
 * Renders the clip to `file` (H.264 Main + AAC, 640x360, faststart). Also used by tests to make short
 * stand-in ad creatives.
 */
export async function renderHouseAdClip(file: string, opts: HouseAdOptions & { font?: string; label?: string } = {}): Promise<void> {
  const seconds = opts.seconds ?? DEFAULT_SECONDS;
  // A slow violet/magenta plasma at 160x90 and 6 fps, cross-faded to 24 fps and scaled up: cheap and soft.
  const plasma = [
    "nullsrc=s=160x90:r=6,format=gbrp",
    // (Every channel stays within 0-255: geq wraps values outside it into garish bands.)
    "geq=r='70+60*sin(X/9+T*1.3)':g='16+12*sin(Y/7-T)':b='110+70*sin((X+Y)/13+T*0.9)'",
    "format=yuv444p,framerate=fps=24:interp_start=0:interp_end=255:scene=100",
    "scale=640:360:flags=bicubic,gblur=sigma=2",
  ];
  const text = (t: string, x: string, y: string, size: number, alpha = 1) =>
    `drawtext=fontfile=${opts.font}:text='${t}':x=${x}:y=${y}:fontsize=${size}:fontcolor=white@${alpha}`;
  const lettering = opts.font
    ? [
        // Centred: the player's own "Ad" label sits in the top-left corner.
        text(opts.label ?? "ADVERTISEMENT", "(w-tw)/2", "(h-th)/2-80", 20, 0.8),
        text("Pleazure", "(w-tw)/2", "(h-th)/2-20", 56),
        text("Your AI Pleasure Zone", "(w-tw)/2", "h/2+30", 26, 0.9),
      ]
    : [];
  const fade = `fade=t=in:d=0.5,fade=t=out:st=${Math.max(0, seconds - 0.7).toFixed(2)}:d=0.7`;
  await runFfmpeg([
    "-f",
    "lavfi",
    "-i",
    [...plasma, ...lettering, fade, "format=yuv420p"].join(","),
    "-f",
    "lavfi",
    "-i",
    "sine=f=220:sample_rate=44100,volume=0.06",
    "-t",
    seconds.toFixed(2),
    "-map",
    "0:v",
    "-map",
    "1:a",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "28",
    "-profile:v",
    "main",
    "-pix_fmt",
    "yuv420p",
    "-g",
    "48",
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    file,
  ]);
}
