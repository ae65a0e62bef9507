import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { Route } from "@playwright/test";
import { LCP_SHOWN, SCROLL_POSITIONS_KEY } from "../../app/lib/hydration-start.server";
import { paths } from "../../core/paths";
import { newVisitor } from "../support/account-session";
import { testBuildDir } from "../support/test-build-dir";
import { demoVideoIds } from "./site-pages";
import { expect, holdRequests, holdWholeSheet, hydrated, jsonLd, test } from "./support";

/** A raw GET: the bytes exactly as sent (no automatic decoding), with the response headers. */
function rawGet(url: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const SECURITY_HEADERS = ["x-content-type-options", "referrer-policy", "content-security-policy", "rating", "x-request-id"];

test("pages are sent brotli- or gzip-compressed by Accept-Encoding, with Vary", async ({ baseURL }) => {
  const br = await rawGet(`${baseURL}/`, "gzip, deflate, br");
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers.vary).toMatch(/Accept-Encoding/i);
  const html = zlib.brotliDecompressSync(br.body).toString();
  expect(html).toContain("Latest Videos");
  expect(br.body.length).toBeLessThan(html.length / 3);

  const gz = await rawGet(`${baseURL}/`, "gzip");
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gz.body).toString()).toContain("Latest Videos");

  const plain = await rawGet(`${baseURL}/`);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString()).toContain("Latest Videos");

  for (const url of ["/sitemap.xml", "/blog/feed.xml", "/robots.txt"]) {
    const res = await rawGet(`${baseURL}${url}`, "br");
    if (res.body.length > 1024) expect(res.headers["content-encoding"], url).toBe("br");
  }
});

test("a cached page's first visitor gets the bytes every later one gets, its hydration data in place", async ({ baseURL }) => {
  // A page number no other test asks for: the first answer renders (miss), the second comes from the cache.
  const url = `${baseURL}${paths.home()}?page=${2 + (Date.now() % 5)}`;
  const get = () =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = { "accept-encoding": "br", cookie: "ageVerified=true", "user-agent": "Mozilla/5.0 Chrome/131.0" };
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  const first = await get();
  const second = await get();
  expect(second.headers["x-page-cache"]).toBe("hit");
  expect(first.body.equals(second.body)).toBe(true);
  expect(Number(first.headers["content-length"])).toBe(first.body.length);
  expect(first.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);
  // React Router's data written where it belongs, not streamed into Suspense boundaries that scripts move.
  const html = zlib.brotliDecompressSync(first.body).toString();
  expect(html).toContain("window.__reactRouterContext.streamController.enqueue(");
  expect(html).not.toContain("$RC(");
  expect(html).not.toMatch(/<template id="B:\d+">/);
});

test("build assets are the precompressed files from the build, immutable, with the page's security headers", async ({ baseURL }) => {
  const home = (await rawGet(`${baseURL}/`)).body.toString();
  const assets = [...home.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  expect(assets.length).toBeGreaterThan(2);
  const buildDir = testBuildDir(); // the server under test serves the test build (the same client files)
  for (const asset of new Set(assets)) {
    const br = await rawGet(`${baseURL}${asset}`, "br, gzip");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"], asset).toBe("br");
    // Byte for byte the .br file written at build time: nothing is compressed per request.
    expect(br.body.equals(fs.readFileSync(path.join(buildDir, "client", `${asset}.br`))), asset).toBe(true);
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    for (const h of SECURITY_HEADERS) expect(br.headers[h], `${asset} ${h}`).toBeTruthy();
    const gz = await rawGet(`${baseURL}${asset}`, "gzip");
    expect(gz.body.equals(fs.readFileSync(path.join(buildDir, "client", `${asset}.gz`))), asset).toBe(true);
  }
  const favicon = await rawGet(`${baseURL}/favicon.svg`, "br");
  for (const h of SECURITY_HEADERS) expect(favicon.headers[h], `favicon ${h}`).toBeTruthy();
  expect((await rawGet(`${baseURL}/assets/nope-123.js`, "br")).status).toBe(404);
});

test("HLS playlists are compressed; video segments and images are not", async ({ page, baseURL }) => {
  await page.goto(paths.category("amateur"));
  await page.locator("main article a").first().click();
  await expect(page).toHaveURL(/\/video\//);
  // The address changes before the video page's document (or route) has arrived: wait for its JSON-LD.
  const videoObject = async () => (await jsonLd(page)).find((d) => d["@type"] === "VideoObject");
  await expect.poll(videoObject).toBeTruthy();
  const playlist = String((await videoObject())?.contentUrl);
  const master = await rawGet(playlist.replace(/^https?:\/\/[^/]+/, baseURL as string), "br");
  expect(master.status).toBe(200);
  for (const h of SECURITY_HEADERS) expect(master.headers[h]).toBeTruthy();
  const text = master.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(master.body).toString() : master.body.toString();
  const variant = text.split("\n").find((l) => l.endsWith(".m3u8")) as string;
  const variantUrl = new URL(variant, playlist.replace(/^https?:\/\/[^/]+/, baseURL as string)).href;
  const media = await rawGet(variantUrl, "br");
  const mediaText = media.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(media.body).toString() : media.body.toString();
  if (media.body.length > 1024 || mediaText.length > 1024) expect(media.headers["content-encoding"]).toBe("br");
  const segment = mediaText.split("\n").find((l) => l.endsWith(".ts")) as string;
  const seg = await rawGet(new URL(segment, variantUrl).href, "br, gzip");
  expect(seg.status).toBe(200);
  expect(seg.headers["content-type"]).toBe("video/mp2t");
  expect(seg.headers["content-encoding"]).toBeUndefined();
  const poster = await page.locator('meta[property="og:image"]').getAttribute("content");
  const image = await rawGet(String(poster).replace(/^https?:\/\/[^/]+/, baseURL as string), "br, gzip");
  expect(image.status).toBe(200);
  expect(image.headers["content-encoding"]).toBeUndefined();
});

test("what Chromium receives for the home page: compressed HTML, JS and CSS", async ({ page }) => {
  await page.goto(paths.home());
  await hydrated(page);
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return [nav, ...resources].map((e) => ({ name: e.name, transfer: e.transferSize, decoded: e.decodedBodySize, type: e.initiatorType }));
  });
  const text = entries.filter((e) => e.type === "navigation" || /\.(js|css)$/.test(new URL(e.name).pathname));
  expect(text.length).toBeGreaterThan(2);
  for (const e of text) if (e.decoded > 2048) expect(e.transfer, e.name).toBeLessThan(e.decoded * 0.6);
});

test("each page's inline stylesheet holds only its own rules; the whole one follows after hydration and styles the next route", async ({
  page,
}) => {
  await page.goto(paths.home());
  await hydrated(page);
  const sheets = () =>
    page.evaluate(() =>
      [...document.head.querySelectorAll("style, link[rel=stylesheet]")].map((e) =>
        e instanceof HTMLStyleElement ? `style ${e.textContent?.length}` : `link ${e.getAttribute("href")}`,
      ),
    );
  await expect.poll(sheets).toEqual([expect.stringMatching(/^style \d+$/), expect.stringMatching(/^link \/assets\/app-[\w-]+\.css$/)]);
  const [inline, linked] = await sheets();
  const whole = await (await page.request.get(linked!.slice("link ".length))).text();
  const cut = Number(inline!.split(" ")[1]);
  // Home uses about 40 % of the public sheet; the rest arrives as the cached file.
  expect(cut).toBeGreaterThan(10_000);
  expect(cut).toBeLessThan(whole.length * 0.6);
  // The sign-in page's field (bg-ink-950) and box (p-8) use classes home's markup does not: styled after a client-side move.
  await page.getByRole("link", { name: "Sign In" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  const field = page.getByLabel("E-mail address");
  await expect(field).toHaveCSS("background-color", "rgb(11, 10, 16)");
  await expect(page.locator("main div.p-8").first()).toHaveCSS("padding-top", "32px");
});

test("the header's panels, shown only when opened, look the same before the whole stylesheet has arrived", async ({ page }) => {
  const wholeSheet = await holdWholeSheet(page);
  await page.goto(paths.category("amateur"));
  await hydrated(page);
  // Desktop: the categories panel (opened by a click here; a hover opens it too, with no press to fetch the sheet).
  await page.getByRole("button", { name: "Categories" }).click();
  const panel = page
    .locator("header [id]")
    .filter({ has: page.getByRole("link", { name: "Amateur" }) })
    .first();
  const desktop = await panel.boundingBox();
  await page.keyboard.press("Escape");
  // Phone: the menu panel with its categories open.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Categories" }).click();
  const phone = await page.locator("#mobile-menu").boundingBox();

  await wholeSheet.release();
  expect(await page.locator("#mobile-menu").boundingBox()).toEqual(phone);
  await page.getByRole("button", { name: "Menu" }).click();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("button", { name: "Categories" }).click();
  expect(await panel.boundingBox()).toEqual(desktop);
});

test("a page's scripts wait for its LCP image: none is fetched while it loads, and one that fails or stalls only delays them", async ({
  browser,
  baseURL,
  request,
}) => {
  const images = /\/media\/.+\.(avif|webp|jpg)$/;
  /** A first visit (nothing cached) to `path` whose images `onImage` answers; the scripts and texts it fetches. */
  const visit = async (path: string, onImage: (route: Route) => unknown) => {
    const { context, page } = await newVisitor(browser, baseURL, { baseURL });
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" || /\/texts\//.test(request.url())) fetched.push(request.url());
    });
    await page.route(images, onImage);
    await page.goto(path, { waitUntil: "domcontentloaded" });
    return { page, fetched, context };
  };

  // Every image held for a second: nothing of the hydration is fetched meanwhile; released, the page hydrates. On
  // a listing (its first card's thumbnail) and a video page (the player's poster), of demo videos, which have stills
  // (other tests add videos without them, and view thousands of their own; none in this category).
  const [videoId] = await demoVideoIds(request);
  const demoListing = paths.category("amateur", { order: { sort: "views", duration: null } });
  for (const path of [demoListing, paths.video(videoId as string)]) {
    const held: Route[] = [];
    const visited = await visit(path, (route) => void held.push(route));
    await expect.poll(() => held.length).toBeGreaterThan(0); // the LCP image's preload comes first
    await visited.page.waitForTimeout(1000);
    expect(visited.fetched, path).toEqual([]);
    for (const route of held.splice(0)) await route.continue();
    await hydrated(visited.page);
    expect(visited.fetched.some((url) => /\/assets\/entry\.client-[\w-]+\.js$/.test(url))).toBe(true);
    expect(visited.fetched.some((url) => /\/texts\/.+\/common\.json$/.test(url))).toBe(true);
    await visited.context.close();
  }

  // An image that fails, and one that never arrives (the scripts start after at most 2.5 s): the page hydrates.
  const failed = await visit(paths.video(videoId as string), (route) => route.abort());
  await hydrated(failed.page);
  await failed.context.close();
  const stalled = await visit(demoListing, () => {});
  await hydrated(stalled.page);
  await stalled.context.close();
});

test("a page loaded again for an entry left by a client-side navigation is back where it was before it hydrates", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newVisitor(browser, baseURL, { baseURL, viewport: { width: 375, height: 700 } });
  await page.goto(paths.home());
  await hydrated(page);
  // A new entry: the loader gave it a key of its own before the router started (React Router's would be "default").
  const key = await page.evaluate(() => (history.state as { key?: string } | null)?.key);
  expect(key).toMatch(/^[0-9a-v]+$/);
  expect(key).not.toBe("default");
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  // An unload listener keeps the document out of the back/forward cache: going back loads it again.
  await page.evaluate(() => addEventListener("unload", () => {}));
  // Clicked without scrolling to it: a client-side navigation, which leaves home's entry to the router's restoration.
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('main a[href^="/video/"]')?.click());
  await page.waitForURL(/\/video\//);
  await page.goto(paths.category("amateur"));
  // Saved as the document was left, under home's history key.
  const saved = await page.evaluate((key) => Object.values(JSON.parse(sessionStorage.getItem(key) ?? "{}")), SCROLL_POSITIONS_KEY);
  expect(saved).toContain(1500);
  // Back to home, its scripts held: the inline loader alone scrolls it, before React Router could.
  const held = await holdRequests(page, /\/assets\/entry\.client-[\w-]+\.js$/);
  await page.evaluate(() => history.go(-2));
  await page.waitForURL((url) => url.pathname === "/");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  await held.release();
  await hydrated(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(1500);
  await context.close();
});

test("on a phone the other thumbnails wait until the LCP image is on screen, in boxes that keep their size; without scripts they load at once", async ({
  browser,
  baseURL,
}) => {
  // On a slow line they would share the bandwidth with it (docs/benchmarks.md "Issue 35: the LCP image alone on the
  // line"). A listing of demo videos, which have stills; its first card's thumbnail is the LCP image.
  const listing = paths.category("amateur", { order: { sort: "views", duration: null } });
  const phone = { viewport: { width: 375, height: 800 }, baseURL };
  const stills = /\/media\/.+\.(avif|webp|jpg)$/;
  const waiting = "img[data-after-lcp]";

  const { context, page } = await newVisitor(browser, baseURL, phone);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as { shifts?: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  const requested: string[] = [];
  let lcpImage: Route | undefined;
  await page.route(stills, (route) => {
    requested.push(new URL(route.request().url()).pathname);
    if (lcpImage) return route.continue();
    lcpImage = route; // the first still asked for is the LCP image's preload: held a second
  });
  await page.goto(listing, { waitUntil: "domcontentloaded" });
  await expect.poll(() => requested.length).toBe(1);
  const lcpPath = requested[0] as string;
  expect(await page.locator("img[fetchpriority=high]").getAttribute("elementtiming")).toBe("lcp");
  // The logo's badge is the favicon's file, so the favicon the browser asks for after the load event is cached.
  expect(await page.locator("header a img").first().getAttribute("src")).toBe(await page.locator("link[rel=icon]").getAttribute("href"));
  // The second card's frame is there, near enough for a lazy image to be fetched, without its thumbnail, which is
  // not asked for meanwhile.
  const second = page.locator(waiting).first();
  const frame = second.locator("xpath=../.."); // the card's 16:9 frame (the <picture> between is display: contents)
  await expect(frame).toBeVisible();
  await expect(second).toBeHidden();
  const frameBefore = await frame.boundingBox();
  await page.waitForTimeout(1000);
  expect(requested).toEqual([lcpPath]);
  expect(await page.evaluate((shown) => document.documentElement.hasAttribute(shown), LCP_SHOWN)).toBe(false);

  // Released, the image is painted; then the waiting thumbnails are fetched, each in the place kept for it.
  await lcpImage?.continue();
  await expect.poll(() => page.evaluate((shown) => document.documentElement.hasAttribute(shown), LCP_SHOWN)).toBe(true);
  await expect(second).toBeVisible();
  await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(requested.length).toBeGreaterThan(1);
  expect(await frame.boundingBox()).toEqual(frameBefore);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  await context.close();

  // A browser that runs no scripts loads them as any lazy image.
  const noScripts = await newVisitor(browser, baseURL, { ...phone, javaScriptEnabled: false });
  await noScripts.page.goto(listing);
  const shown = noScripts.page.locator(waiting).first();
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await noScripts.context.close();
});

test("the module preloads are added a few per task, all before the held module script starts", async ({ page, request }) => {
  // Each task's additions reach a MutationObserver in one delivery: a delivery is a task. One task adding every
  // preload was a long task on a phone (docs/benchmarks.md "Issue 35: the module preloads in short tasks").
  await page.addInitScript(() => {
    const seen: { batches: number[]; heldTypeAt: number } = { batches: [], heldTypeAt: -1 };
    (window as { preloadBatches?: typeof seen }).preloadBatches = seen;
    new MutationObserver((records) => {
      const added = records.flatMap((r) => [...r.addedNodes]).filter((n) => n instanceof HTMLLinkElement && n.rel === "modulepreload");
      if (added.length) seen.batches.push(added.length);
      if (records.some((r) => r.type === "attributes" && (r.target as Element).id === "hydration-held"))
        seen.heldTypeAt = seen.batches.length;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["type"] });
  });
  const [videoId] = await demoVideoIds(request);
  await page.goto(paths.video(videoId as string));
  await hydrated(page);
  const { batches, heldTypeAt } = await page.evaluate(
    () => (window as unknown as { preloadBatches: { batches: number[]; heldTypeAt: number } }).preloadBatches,
  );
  // The loader's own list: after hydration <head> holds what React renders there, so the links are counted as added.
  const listed = await page.evaluate(() => {
    const loader = [...document.scripts].find((script) => script.text.includes("takeHeldClick"));
    return (JSON.parse(/const h=(\[[^\]]*\])/.exec(loader?.text ?? "")?.[1] ?? "[]") as string[]).length;
  });
  expect(listed).toBeGreaterThan(16); // the video page has more than two tasks' worth
  // The held script gets its type in the task of the last preloads, and every task before added at most 8.
  const beforeStart = batches.slice(0, heldTypeAt);
  expect(beforeStart.reduce((a, b) => a + b, 0)).toBe(listed);
  expect(Math.max(...beforeStart)).toBeLessThanOrEqual(8);
  expect(beforeStart.length).toBeGreaterThanOrEqual(3);
});

test("on a phone and a tablet the footer is laid out only when it comes near the screen, in a height kept for it", async ({
  browser,
  baseURL,
}) => {
  // Skipping it took a quarter off the first layout of home and a video page (docs/benchmarks.md "Issue 35: the
  // footer laid out when it is seen"); the height kept for it meanwhile must be its own, or the page's length
  // jumps when it is laid out. Chromium tells each change of a content-visibility: auto element by an event. (On a
  // desktop screen home is short enough that Chromium lays the footer out at once: it starts within its margin.)
  for (const [width, height] of [
    [375, 800],
    [768, 1000],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const states: boolean[] = [];
      (window as { footerSkipped?: boolean[] }).footerSkipped = states;
      document.addEventListener(
        "contentvisibilityautostatechange",
        (event) => {
          if ((event.target as Element).tagName === "FOOTER") states.push((event as Event & { skipped: boolean }).skipped);
        },
        true,
      );
    });
    await page.goto("/");
    await hydrated(page);
    const states = () => page.evaluate(() => (window as unknown as { footerSkipped: boolean[] }).footerSkipped);
    expect(await states(), `at ${width} px`).toEqual([true]);
    const length = () => page.evaluate(() => document.documentElement.scrollHeight);
    const kept = await length();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(states).toEqual([true, false]);
    expect(Math.abs((await length()) - kept), `the page's length at ${width} px`).toBeLessThanOrEqual(16);
    await context.close();
  }
});

test("the held module script runs by its own nonce or hash: markup injected with its id runs nothing", async ({ page }) => {
  // A page carrying injected markup before the held script, as an unescaped field would put it there; rendered with a
  // nonce, then from the page cache with hashes.
  const injected = '<script type="text/x-held-module" id="hydration-held">window.injectedRan = true</script>';
  for (const cached of [false, true]) {
    await page.route(paths.home(), async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("<main", `${injected}<main`);
      await route.fulfill({ response, body: html });
    });
    await page.goto(paths.home());
    await expect(page.locator("#hydration-held")).toHaveCount(2);
    // The loader starts what carries the id first: the injected element, which the CSP refuses (the page stays
    // server-rendered, as without script). A copy run with the loader's nonce would have run it.
    await expect.poll(() => page.evaluate(() => document.querySelector("#hydration-held")?.getAttribute("type"))).toBe("module");
    expect(await page.evaluate(() => (window as { injectedRan?: boolean }).injectedRan), cached ? "cached" : "rendered").toBeUndefined();
    await page.unroute(paths.home());
  }
});
