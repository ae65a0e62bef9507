// `npx tsx bench/first-screen.ts <before-origin> <after-origin>`: the image bytes a first screen fetches (encoded, as
// sent) on home, a category and a video page, at 1366 x 768 (DPR 1) and 375 x 667 (DPR 2), on two running builds
// with the same demo media, as a returning visitor (age gate passed). Images fetched by `load` and 1.5 s after count;
// lazy ones below the fold do not. Prints one tab-separated row per build, width and page, with the LCP element's URL.
// Used for docs/benchmarks.md "Issue 35: AVIF stills". Chromium: CHROMIUM_PATH, else Debian's.
import { chromium } from "playwright";

const VIEWPORTS = [
  { label: "1366x768@1", width: 1366, height: 768, dpr: 1 },
  { label: "375x667@2", width: 375, height: 667, dpr: 2 },
];

async function firstVideoPath(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/category/amateur`, { headers: { cookie: "ageVerified=true" } })).text();
  const path = /href="(\/video\/[0-9a-f-]{36})"/.exec(html)?.[1];
  if (!path) throw new Error(`no video link on ${origin}/category/amateur`);
  return path;
}

async function main(): Promise<void> {
  const origins = process.argv.slice(2);
  if (origins.length !== 2) throw new Error("usage: npx tsx bench/first-screen.ts <before-origin> <after-origin>");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    for (const [label, origin] of [
      ["before", origins[0]!],
      ["after", origins[1]!],
    ] as const) {
      const pages = { home: "/", category: "/category/amateur", video: await firstVideoPath(origin) };
      for (const v of VIEWPORTS) {
        for (const [name, path] of Object.entries(pages)) {
          const context = await browser.newContext({ viewport: { width: v.width, height: v.height }, deviceScaleFactor: v.dpr });
          await context.addCookies([{ name: "ageVerified", value: "true", url: origin }]);
          const page = await context.newPage();
          const sizes: Promise<number>[] = [];
          page.on("requestfinished", (r) => {
            if (r.resourceType() === "image") sizes.push(r.sizes().then((s) => s.responseBodySize));
          });
          await page.goto(origin + path, { waitUntil: "load" });
          await page.waitForTimeout(1500);
          const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
          const lcp = await page.evaluate(
            () =>
              new Promise<string>((resolve) =>
                new PerformanceObserver((list) => {
                  const last = list.getEntries().at(-1) as PerformanceEntry & { url?: string; element?: Element };
                  resolve(last?.url || last?.element?.tagName || "");
                }).observe({ type: "largest-contentful-paint", buffered: true }),
              ),
          );
          console.log([label, v.label, name, sizes.length, bytes, lcp.replace(origin, "").slice(0, 80)].join("\t"));
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
