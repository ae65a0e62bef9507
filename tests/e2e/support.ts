import http from "node:http";
import { test as base, expect, type Page, type Route } from "@playwright/test";
import { paths } from "../../core/paths";

/** Every test starts as a visitor who has passed the age gate, unless it clears the cookie itself. */
export const test = base.extend<{ verified: Page }>({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
    await use(context);
  },
});

export { expect };

/**
 * Waits until the page runs its scripts (app/root.tsx sets `data-hydrated` once the browser has the page's texts
 * and has hydrated): before that a click is a plain link or form, not the page's own handling of it.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * Holds back the requests for `urls` (as a slow line would) until `release`, which waits until at least one came
 * and lets them all through.
 */
export async function holdRequests(page: Page, urls: RegExp): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  await page.route(urls, (route) => void held.push(route));
  return {
    async release() {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await page.unroute(urls);
      for (const route of held.splice(0)) await route.continue().catch(() => {}); // an earlier page's request is gone
    },
  };
}

/**
 * Holds back the whole stylesheet that app/lib/app-styles.tsx links after the first paint until `release`, which
 * also waits until the page has it: what shows before that has only the page's own cut sheet.
 */
export async function holdWholeSheet(page: Page): Promise<{ release: () => Promise<void> }> {
  const sheet = await holdRequests(page, /\.css(\?|$)/);
  return {
    async release() {
      await sheet.release();
      await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href));
    },
  };
}

/** The page's cumulative layout shift so far, and what moved (tag, id, classes), to say why when it is not 0. */
async function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) {
            if (e.hadRecentInput) continue;
            total += e.value;
            for (const { node } of e.sources) {
              const el = node instanceof Element ? node : node?.parentElement;
              if (el)
                moved.push(
                  `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")} (${e.value})`,
                );
            }
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve({ total, moved }), 300);
      }),
  );
}

/** Asserts no layout shift on the page, naming what moved if there was one. */
export async function expectNoShift(page: Page): Promise<void> {
  const { total, moved } = await layoutShift(page);
  expect(total, `layout shift by: ${moved.join(", ")}`).toBe(0);
}

export async function setFaults(baseURL: string | undefined, faults: string[]): Promise<void> {
  const res = await fetch(`${baseURL}/__test/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ faults }),
  });
  if (!res.ok) throw new Error(`could not set faults: ${res.status}`);
}

export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}

/**
 * What a browser session gets when its video first plays (POST /api/play-token): a play token, and the
 * view-session cookie when it had none (`cookie`, e.g. "viewSession=…", keeps an existing session).
 */
export async function playToken(baseURL: string | undefined, videoId: string, cookie?: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${baseURL}${paths.api.playToken()}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ videoId }),
  });
  const { token } = (await res.json()) as { token: string | null };
  const session = /viewSession=([0-9a-f-]{36})/.exec(res.headers.getSetCookie().join("\n"))?.[1];
  if (!token || (!session && !cookie)) throw new Error(`no play token or session from POST /api/play-token (${res.status})`);
  return { cookie: cookie ?? `viewSession=${session}`, token };
}

/**
 * A GET on a new connection each time, past the age gate, so that successive requests reach different worker
 * processes (each with its own caches) and no browser cache: what every visitor is served.
 */
export function freshGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { cookie: "ageVerified=true" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
}

/**
 * Plays the page's video from a script, muted, and waits until its time passes `after` seconds. The stream
 * attaches on the element's play event: a play() before React has hydrated (or, after a client-side
 * navigation, committed) the element reaches no handler and waits forever, a race a loaded machine shows.
 */
export async function startPlayback(page: Page, after = 0): Promise<void> {
  const video = page.locator("video");
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.isConnected && Object.keys(v).some((k) => k.startsWith("__reactProps"))))
    .toBe(true);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(after);
}
