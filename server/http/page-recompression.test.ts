import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { hitHeaders } from "./page-cache-replay";
import { createPageStore } from "./page-cache-store";
import { type RecompressionTarget, Recompressor } from "./page-recompression";
import { type PageSnapshot, snapshotPage } from "./page-snapshot";

/** A listing-like page, where brotli's best quality is smaller than the store's quality 5. */
const listing = (seed: number) =>
  Buffer.from(
    `<html><body>${Array.from({ length: 200 }, (_, i) => `<article><a href="/video/${(i * 7919 + seed) % 10007}">Clip ${(i * 31 + seed) % 997}</a><p>${(i * 7 + seed) % 1000} views</p></article>`).join("")}</body></html>`,
  );

/** A target that keeps one page per key, as the store does. */
function keeper() {
  const kept = new Map<string, PageSnapshot>();
  const improved: string[] = [];
  const target: RecompressionTarget = {
    peek: (key) => kept.get(key),
    improve: (key, page, br) => {
      if (kept.get(key) !== page) return false;
      kept.set(key, { ...page, br });
      improved.push(key);
      return true;
    },
  };
  return { kept, improved, target };
}

describe("Recompressor", () => {
  it("gives a kept page brotli's best quality: smaller, the same bytes once decoded", async () => {
    const { kept, target } = keeper();
    const page = (await snapshotPage(listing(1), "")) as PageSnapshot;
    kept.set("/", page);
    const recompressor = new Recompressor(target, { pause: async () => {} });
    recompressor.offer("/");
    await recompressor.idle();
    const better = kept.get("/") as PageSnapshot;
    expect(better.br.length).toBeLessThan(page.br.length);
    expect(zlib.brotliDecompressSync(better.br).equals(page.identity)).toBe(true);
  });

  it("waits nine times what a page took before the next (a tenth of one core), and skips pages no longer kept", async () => {
    const { kept, improved, target } = keeper();
    const pages = await Promise.all([1, 2, 3].map(async (seed) => (await snapshotPage(listing(seed), "")) as PageSnapshot));
    for (const [i, page] of pages.entries()) kept.set(`/${i}`, page);
    let clock = 0;
    const pauses: number[] = [];
    const compressed: Buffer[] = [];
    const recompressor = new Recompressor(target, {
      now: () => clock,
      compress: async (identity) => {
        compressed.push(identity);
        clock += 40; // each page "takes" 40 ms
        return Buffer.alloc(1);
      },
      pause: async (ms) => {
        pauses.push(ms);
        clock += ms;
      },
    });
    for (const i of pages.keys()) recompressor.offer(`/${i}`);
    kept.delete("/1"); // dropped (an invalidation) before its turn
    await recompressor.idle();
    expect(improved).toEqual(["/0", "/2"]);
    expect(compressed.length).toBe(2);
    expect(pauses).toEqual([360, 360]);
  });

  it("compresses what is kept when a key's turn comes, never swaps in a larger encoding, and bounds what waits", async () => {
    const { kept, improved, target } = keeper();
    const [older, newer] = await Promise.all([1, 2].map(async (seed) => (await snapshotPage(listing(seed), "")) as PageSnapshot));
    const compressed: Buffer[] = [];
    const recompressor = new Recompressor(target, {
      maxWaiting: 2,
      pause: async () => {},
      compress: async (identity) => {
        compressed.push(identity);
        return Buffer.alloc(identity.length); // larger than brotli's
      },
    });
    kept.set("/a", older as PageSnapshot);
    recompressor.offer("/a"); // starts at once, with what /a keeps now
    kept.set("/b", older as PageSnapshot);
    for (const key of ["/b", "/c", "/d"]) recompressor.offer(key); // /b, the oldest waiting, dropped past 2
    kept.set("/c", newer as PageSnapshot);
    await recompressor.idle();
    expect(compressed).toEqual([(older as PageSnapshot).identity, (newer as PageSnapshot).identity]); // /d keeps nothing
    expect(improved).toEqual([]);
  });
});

describe("the page store's recompression", () => {
  it("swaps in the better brotli with its Content-Length and byte count, the other encodings untouched", async () => {
    const store = createPageStore({ ttlMs: 60_000, recompression: { pause: async () => {} } });
    const page = (await snapshotPage(listing(4), "")) as PageSnapshot;
    const bytes = page.identity.length + page.br.length + page.gzip.length;
    const answer = hitHeaders({ "content-type": "text/html" }, page, false);
    store.set("k", { page, answer, csp: "default-src 'self'", route: "/", bytes }, store.generation);
    await store.recompressed();
    const kept = store.get("k");
    const br = kept?.page.br as Buffer;
    expect(br.length).toBeLessThan(page.br.length);
    expect(kept?.answer.br.at(-1)).toBe(String(br.length));
    expect(kept?.answer.gzip).toEqual(answer.gzip);
    expect(kept?.page.gzip).toBe(page.gzip);
    expect(store.bytes).toBe(bytes - page.br.length + br.length);
  });
});

describe("snapshotPage with the snapshot kept earlier", () => {
  it("returns the earlier snapshot, encodings and all, when the render came out the same but for its nonce", async () => {
    const render = (nonce: string, text: string) =>
      Buffer.from(`<html><script nonce="${nonce}">window.a=1</script><p>${text.repeat(300)}</p></html>`);
    const earlier = (await snapshotPage(render("n1", "a"), "n1")) as PageSnapshot;
    expect(await snapshotPage(render("n2", "a"), "n2", earlier)).toBe(earlier);
    const changed = await snapshotPage(render("n3", "b"), "n3", earlier);
    expect(changed).not.toBe(earlier);
    expect(changed?.scriptHashes).toEqual(earlier.scriptHashes);
  });
});
