import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import { CHROMIUM_FLAGS } from "../../tests/support/chromium";
import { startAppServer } from "./app-server";
import { transferred } from "./initial-js";
import type { TargetResult } from "./stats";
import { round } from "./stats";

/** docs/architecture.md "Conventions": time to first frame ≤ 1 s, on loopback, headless Chromium, no pre-roll. */
export const TTFF_BUDGET_MS = 1000;

interface FileSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** What the server sent for `Accept-Encoding: br, gzip`. */
  transferBytes: number;
  encoding: string;
  /** "video page": loaded with the video page but not the home page; "on play": fetched only after the click. */
  when: "video page" | "on play";
}

export interface TtffResult {
  runs: number;
  /** Play click (the click event's timestamp) to the first decoded frame presented (requestVideoFrameCallback). */
  samplesMs: number[];
  medianMs: number;
  maxMs: number;
  /** The same after hovering the player for a second first (hls.js and the playlists warmed up on intent). */
  warmSamplesMs: number[];
  warmMedianMs: number;
  /** Height of the first rendition decoded (the start level). */
  firstFrameHeight: number;
  page: string;
  chromium: string;
  /** Player code: the video page's own chunks and what loads on play (hls.js, its worker). */
  playerJs: FileSize[];
  playerJsTransferBytes: number;
  /** Client build files that reference the hls.js chunk: must be the video route's only. */
  hlsReferencedBy: string[];
  method: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * One visit in a fresh browser context (empty HTTP cache): open the video page, click Play, and time the
 * click event to the first frame the compositor presents. `warm` hovers the player for a second first.
 */
async function onePlay(browser: Browser, origin: string, videoPath: string, warm: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "ageVerified", value: "true", url: origin }]);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("request", (r) => {
    const p = new URL(r.url()).pathname;
    if (/^\/assets\/.+\.js$/.test(p)) scripts.add(p);
  });
  try {
    await page.goto(`${origin}${videoPath}`, { waitUntil: "load" });
    const pageScripts = new Set(scripts);
    await page.evaluate(() => {
      const video = document.querySelector("video")!;
      video.muted = true; // no audio device needed; the figure is about the picture
      const w = window as unknown as { __ttff: Promise<{ ms: number; height: number }> };
      w.__ttff = new Promise((resolve) => {
        let clickedAt = 0;
        document.addEventListener(
          "click",
          (e) => {
            clickedAt ||= e.timeStamp;
          },
          true,
        );
        video.requestVideoFrameCallback((now, meta) => resolve({ ms: (meta.presentationTime || now) - clickedAt, height: meta.height }));
      });
    });
    const play = page.getByRole("button", { name: "Play", exact: true });
    if (warm) {
      await page.getByRole("region", { name: /^Video player/ }).hover();
      await page.waitForTimeout(1000);
    }
    await play.click();
    const res = await page.evaluate(() => (window as unknown as { __ttff: Promise<{ ms: number; height: number }> }).__ttff);
    const onPlay = [...scripts].filter((s) => !pageScripts.has(s));
    return { ...res, pageScripts: [...pageScripts], onPlay };
  } finally {
    await context.close();
  }
}

async function homeScripts(browser: Browser, origin: string): Promise<Set<string>> {
  const context = await browser.newContext();
  await context.addCookies([{ name: "ageVerified", value: "true", url: origin }]);
  const page: Page = await context.newPage();
  const scripts = new Set<string>();
  page.on("request", (r) => {
    const p = new URL(r.url()).pathname;
    if (/^\/assets\/.+\.js$/.test(p)) scripts.add(p);
  });
  await page.goto(`${origin}/`, { waitUntil: "load" });
  await context.close();
  return scripts;
}

async function sizeOf(origin: string, clientDir: string, file: string, when: FileSize["when"]): Promise<FileSize> {
  const buf = fs.readFileSync(path.join(clientDir, file));
  const sent = await transferred(`${origin}${file}`);
  return {
    file,
    rawBytes: buf.length,
    gzipBytes: zlib.gzipSync(buf, { level: 9 }).length,
    brotliBytes: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    transferBytes: sent.bytes,
    encoding: sent.encoding,
    when,
  };
}

/**
 * Starts the built app with its demo content (real HLS ladders) on a fresh data dir and measures the time to
 * first frame `runs` times cold (click only) and `runs` times warm (hover first), plus the player's JS.
 */
export async function measureTtff(opts: {
  root: string;
  buildDir: string;
  workDir: string;
  runs: number;
  log: (msg: string) => void;
}): Promise<TtffResult> {
  const dataDir = path.join(opts.workDir, "ttff-data");
  fs.rmSync(dataDir, { recursive: true, force: true });
  opts.log("time to first frame: starting the built app with demo content on a fresh data dir...");
  const server = await startAppServer({
    root: opts.root,
    buildDir: opts.buildDir,
    dataDir,
    logFile: path.join(opts.workDir, "ttff-server.log"),
    readyTimeoutMs: 15 * 60_000,
    // No pre-roll: the budget is the main video's own start (demo content would switch the house clip on).
    env: { DEMO_MEDIA: "full", DEMO_PREROLL: "off", DEMO_MEDIA_CACHE: process.env.DEMO_MEDIA_CACHE ?? "/tmp/pleazure-demo-media-cache" },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_FLAGS, "--autoplay-policy=no-user-gesture-required"],
  });
  try {
    const home = await (await fetch(`${server.origin}/`, { headers: { cookie: "ageVerified=true" } })).text();
    const videoPath = /href="(\/video\/[^"]+)"/.exec(home)?.[1];
    if (!videoPath) throw new Error("no video link on the home page");
    // One unmeasured visit: the server's first answers (file cache, JIT) are not what visitors meet.
    await onePlay(browser, server.origin, videoPath, false);
    const cold: Awaited<ReturnType<typeof onePlay>>[] = [];
    const warm: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      cold.push(await onePlay(browser, server.origin, videoPath, false));
      warm.push((await onePlay(browser, server.origin, videoPath, true)).ms);
      opts.log(
        `  run ${i + 1}/${opts.runs}: ${round(cold.at(-1)!.ms, 0)} ms from the click, ${round(warm.at(-1)!, 0)} ms after hovering first`,
      );
    }
    const homeJs = await homeScripts(browser, server.origin);
    const clientDir = path.join(opts.root, opts.buildDir, "client");
    const first = cold[0]!;
    const playerJs: FileSize[] = [];
    for (const f of first.pageScripts.filter((s) => !homeJs.has(s))) playerJs.push(await sizeOf(server.origin, clientDir, f, "video page"));
    for (const f of first.onPlay) playerJs.push(await sizeOf(server.origin, clientDir, f, "on play"));
    const hlsChunk = playerJs.find((f) => /\/hls\.light-/.test(f.file))?.file;
    const assets = path.join(clientDir, "assets");
    const hlsReferencedBy = hlsChunk
      ? fs
          .readdirSync(assets)
          .filter((f) => f.endsWith(".js") && `/assets/${f}` !== hlsChunk)
          .filter((f) => fs.readFileSync(path.join(assets, f), "utf8").includes(path.basename(hlsChunk)))
      : [];
    const samples = cold.map((c) => round(c.ms, 0));
    return {
      runs: opts.runs,
      samplesMs: samples,
      medianMs: round(median(samples), 0),
      maxMs: Math.max(...samples),
      warmSamplesMs: warm.map((w) => round(w, 0)),
      warmMedianMs: round(median(warm), 0),
      firstFrameHeight: first.height,
      page: videoPath,
      chromium: browser.version(),
      playerJs,
      playerJsTransferBytes: playerJs.reduce((a, f) => a + f.transferBytes, 0),
      hlsReferencedBy,
      method:
        "Fresh browser context per run (empty HTTP cache), viewport 1280x800, muted, no pre-roll; page loaded, then Play clicked " +
        "(Playwright moves the pointer and clicks at once, so hls.js, the playlists and the first segment all load after the click); " +
        "time = requestVideoFrameCallback presentationTime of the first frame minus the click event's timeStamp. One unmeasured visit first.",
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The target of docs/architecture.md "Conventions", judged on the worst cold run. */
export function ttffTarget(t: TtffResult): TargetResult {
  const met = t.maxMs <= TTFF_BUDGET_MS;
  return {
    name: "player time to first frame, worst of the cold runs (loopback, headless Chromium, no pre-roll)",
    budget: `<= ${TTFF_BUDGET_MS} ms`,
    applies: true,
    actual: `${t.maxMs} ms`,
    status: met ? "met" : "missed",
    margin: `${Math.abs(TTFF_BUDGET_MS - t.maxMs)} ms ${met ? "under" : "over"}`,
    note: `median ${t.medianMs} ms over ${t.runs} runs; player JS ${(t.playerJsTransferBytes / 1000).toFixed(1)} KB as transferred`,
  };
}

const kb = (n: number) => (n / 1000).toFixed(1);

export function renderTtffMarkdown(t: TtffResult): string {
  const met = t.maxMs <= TTFF_BUDGET_MS;
  const lines = [
    "## Player: time to first frame and player JS (issue 9)",
    "",
    `Page ${t.page}, ${t.chromium}. ${t.method}`,
    "",
    `- **Time to first frame: median ${t.medianMs} ms, worst ${t.maxMs} ms** over ${t.runs} runs (${t.samplesMs.join(", ")} ms); budget ≤ ${TTFF_BUDGET_MS} ms on every run: ${met ? "met" : "**missed**"}.`,
    `- After hovering the player for 1 s first (hls.js and playlists loaded on intent): median ${t.warmMedianMs} ms (${t.warmSamplesMs.join(", ")} ms).`,
    `- First frame decoded at ${t.firstFrameHeight}p (the start level: lowest rung).`,
    `- hls.js chunk referenced by: ${t.hlsReferencedBy.join(", ") || "nothing"} (only the video route may).`,
    "",
    `Player JS, ${kb(t.playerJsTransferBytes)} KB as transferred in total (1 KB = 1000 bytes):`,
    "",
    "| file | loaded | raw KB | gzip -9 KB | brotli KB | transferred KB | encoding |",
    "|---|---|---:|---:|---:|---:|---|",
    ...t.playerJs.map(
      (f) =>
        `| ${f.file} | ${f.when} | ${kb(f.rawBytes)} | ${kb(f.gzipBytes)} | ${kb(f.brotliBytes)} | ${kb(f.transferBytes)} | ${f.encoding} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
