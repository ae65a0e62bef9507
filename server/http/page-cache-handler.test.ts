import crypto from "node:crypto";
import type http from "node:http";
import { request } from "node:http";
import zlib from "node:zlib";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { chain, listen } from "../../tests/support/page-cache-chain";
import { commonHeaders } from "./headers";
import { bypassPageCacheWhile } from "./page-cache-bypass";
import { pageCacheHandler } from "./page-cache-handler";
import { createPageStore, PAGE_CACHE_HEADER, type PageStore } from "./page-cache-store";
import { bestBrotli } from "./page-snapshot";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const cspNonce = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
const bodyNonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
const sha256 = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;
/** A GET read as sent: raw body bytes (not decoded) and the headers. */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(new URL(url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
const cspScripts = (res: Response) => /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1]?.split(" ");

describe("the page micro-cache on a real server", () => {
  const renders = { count: 0 };
  let now = 1_000_000;
  let store: PageStore;
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    store = createPageStore({
      ttlMs: 2000,
      staleMs: 3000,
      maxEntries: 3,
      maxBytes: 1_000_000,
      maxBodyBytes: 4000,
      now: () => now,
      recompression: { pause: async () => {} }, // no budget's wait between pages here
    });
    ({ server, origin } = await listen(await chain(express(), pageCacheHandler(store), renders)));
  });
  afterAll(() => new Promise((r) => server.close(r)));
  afterEach(() => {
    store.clear();
    bypassPageCacheWhile(() => false);
    vi.unstubAllEnvs();
  });

  const get = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const before = renders.count;
    const res = await fetch(`${origin}${path}`, { headers: { "user-agent": BROWSER, ...headers }, method });
    const body = await res.text();
    await store.settled(); // a render's page is stored once its snapshot is made, after the answer
    await store.recompressed(); // and recompressed after that, when it pays
    return { res, body, rendered: renders.count > before, state: res.headers.get(PAGE_CACHE_HEADER) };
  };

  it("renders a visitor's page once and answers repeats from the cache: the same bytes, scripts allowed by hash", async () => {
    const first = await get("/");
    const second = await get("/");
    expect([first.state, second.state]).toEqual(["miss", "hit"]);
    expect([first.rendered, second.rendered]).toEqual([true, false]);
    // The render's visitor already gets the stored page: no nonce anywhere; the CSP names exactly the two inline
    // scripts (not the JSON-LD) by hash.
    expect(second.body).toBe(first.body);
    for (const answer of [first, second]) {
      expect(answer.body).not.toContain("nonce");
      expect(cspNonce(answer.res)).toBeUndefined();
      expect(cspScripts(answer.res)).toEqual(["'self'", sha256("window.a=1"), sha256('window.b="b"')]);
    }
    // Same headers as a rendered page: the render's own, the security headers, Cache-Control, Vary.
    expect(second.res.headers.get("x-render")).toBe("1");
    expect(second.res.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.res.headers.get("rating")).toBe(first.res.headers.get("rating"));
    expect(second.res.headers.get("x-request-id")).not.toBe(first.res.headers.get("x-request-id"));
    expect(second.res.headers.get("vary")).toMatch(/accept-encoding/i);
  });

  it("sends the render's visitor the bytes and headers every hit sends, compressed once", async () => {
    const raw = async () => {
      const answer = await rawGet(`${origin}/blog`, { "user-agent": BROWSER, "accept-encoding": "br" });
      await store.settled();
      await store.recompressed(); // nothing to gain on this page: brotli's best quality is no smaller
      return answer;
    };
    const miss = await raw();
    const hit = await raw();
    expect([miss.headers["x-page-cache"], hit.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
    expect(miss.body.equals(hit.body)).toBe(true);
    expect(miss.headers["content-encoding"]).toBe("br");
    expect(Number(miss.headers["content-length"])).toBe(miss.body.length); // in one piece, not chunked
    const perResponse = new Set(["x-page-cache", "x-request-id", "date"]);
    const own = (headers: http.IncomingHttpHeaders) => Object.entries(headers).filter(([name]) => !perResponse.has(name));
    expect(own(miss.headers)).toEqual(own(hit.headers));
  });

  it("sends hits the page at brotli's best quality once it is ready, and keeps it when the page renders the same again", async () => {
    const raw = async () => {
      const answer = await rawGet(`${origin}/blog?kind=cards`, { "user-agent": BROWSER, "accept-encoding": "br" });
      await store.settled();
      await store.recompressed();
      return answer;
    };
    const miss = await raw();
    const hit = await raw();
    expect([miss.headers["x-page-cache"], hit.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
    const page = zlib.brotliDecompressSync(miss.body);
    expect(zlib.brotliDecompressSync(hit.body).equals(page)).toBe(true);
    expect(hit.body.length).toBeLessThan(miss.body.length);
    expect(hit.body.equals(await bestBrotli(page))).toBe(true);
    expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
    // Expired, rendered again: the same page (only its nonce differs), so its visitor already gets the best bytes.
    now += 2001;
    const again = await raw();
    expect(again.headers["x-page-cache"]).toBe("miss");
    expect(again.body.equals(hit.body)).toBe(true);
    // Long past the stale bound too (a page seldom asked for): never sent, but still there to compare with.
    now += 60_000;
    const later = await raw();
    expect(later.headers["x-page-cache"]).toBe("miss");
    expect(later.body.equals(hit.body)).toBe(true);
  });

  it("streams a render that cannot be kept as it came: its nonce, its visitor's encoding, every byte", async () => {
    for (const kind of ["cookie", "big", "nonce-in-script"]) {
      const answer = await get(`/terms?kind=${kind}`, { "accept-encoding": "br" });
      const nonce = cspNonce(answer.res) as string;
      expect([kind, answer.state, bodyNonces(answer.body)]).toEqual([kind, "miss", [nonce, nonce]]);
      expect(answer.body).toContain("</body></html>");
      expect(answer.body.length).toBeGreaterThan(kind === "big" ? 5000 : 1500);
      expect(answer.res.headers.get("content-encoding")).toBe("br");
    }
    expect(store.size).toBe(0);
  });

  it("sends the stored page in the encoding each visitor accepts", async () => {
    const first = await get("/faq", { "accept-encoding": "identity" });
    const sent: Record<string, string | null> = {};
    for (const accept of ["gzip, deflate, br", "gzip", "br;q=0, gzip", "identity", "br;q=0, gzip;q=0"]) {
      const answer = await get("/faq", { "accept-encoding": accept });
      expect([accept, answer.state, answer.body]).toEqual([accept, "hit", first.body.replace(/ nonce="[^"]+"/g, "")]);
      expect(answer.res.headers.get("vary")).toMatch(/accept-encoding/i);
      sent[accept] = answer.res.headers.get("content-encoding");
    }
    expect(sent).toEqual({ "gzip, deflate, br": "br", gzip: "gzip", "br;q=0, gzip": "gzip", identity: null, "br;q=0, gzip;q=0": null });
  });

  it("sends a Content-Length that matches the bytes on the wire", async () => {
    await get("/faq");
    const raw = await new Promise<{ length: number; bytes: number; encoding: string | undefined }>((resolve, reject) => {
      const url = new URL(`${origin}/faq`);
      const req = request(url, { headers: { "user-agent": BROWSER, "accept-encoding": "br" } }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () => resolve({ length: Number(res.headers["content-length"]), bytes, encoding: res.headers["content-encoding"] }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(raw.encoding).toBe("br");
    expect(raw.bytes).toBe(raw.length);
  });

  it("answers HEAD from a stored page without a body", async () => {
    await get("/faq");
    const head = await get("/faq", {}, "HEAD");
    expect(head.state).toBe("hit");
    expect(head.body).toBe("");
    expect(head.res.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("keys on the address, the age gate and bots", async () => {
    await get("/category/Music");
    expect((await get("/category/Music?page=2")).state).toBe("miss");
    expect((await get("/category/Music", { cookie: "ageVerified=true" })).state).toBe("miss");
    expect((await get("/category/Music", { cookie: "ageVerified=true; other=1" })).state).toBe("hit");
    expect((await get("/category/Music", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).state).toBe("miss");
    expect((await get("/category/Music", { host: "other.example" })).state).toBe("miss");
    expect((await get("/category/Music")).state).toBe("hit");
  });

  it("never serves or stores other routes, .data navigations or other methods", async () => {
    for (const path of ["/contact", "/login", "/category/Music.data", "/blog/feed.xml", "/profile"]) {
      await get(path);
      const again = await get(path);
      expect([path, again.state, again.rendered]).toEqual([path, "bypass", true]);
    }
    expect((await get("/blog", {}, "POST")).state).toBe("bypass");
  });

  it("keeps one shell for every session cookie, apart from the visitors' page, never kept by the browser", async () => {
    const visitor = await get("/blog");
    const alice = await get("/blog", { cookie: "better-auth.session_token=alice.sig" });
    expect([visitor.state, alice.state, alice.rendered]).toEqual(["miss", "miss", true]);
    const bob = await get("/blog", { cookie: "ageVerified=false; better-auth.session_token=bob.sig" });
    const again = await get("/blog");
    expect([bob.state, bob.rendered, again.state, again.rendered]).toEqual(["hit", false, "hit", false]);
    expect(bob.body).toBe(alice.body.replaceAll(/ nonce="[^"]+"/g, "")); // the stored page: nonces out
    for (const answer of [alice, bob]) expect(answer.res.headers.get("cache-control")).toBe("private, no-store");
    expect(again.res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("bypasses everything while the composition's condition holds (the test build's fault switches)", async () => {
    let faultOn = false;
    bypassPageCacheWhile(() => faultOn);
    await get("/blog");
    faultOn = true;
    const during = await get("/blog");
    expect([during.state, during.rendered]).toEqual(["bypass", true]);
    faultOn = false;
    expect((await get("/blog")).state).toBe("hit");
  });

  it("stores only complete 200 HTML pages without Set-Cookie, fallbacks or excess size", async () => {
    // nonce-in-script: the nonce stands where removing attributes cannot take it out.
    for (const kind of ["cookie", "missing", "json", "degraded", "big", "nonce-in-script"]) {
      await get(`/terms?kind=${kind}`);
      const again = await get(`/terms?kind=${kind}`);
      expect([kind, again.state, again.rendered]).toEqual([kind, "miss", true]);
    }
    expect(store.size).toBe(0);
  });

  it("expires pages after the TTL", async () => {
    await get("/values");
    now += 1999;
    expect((await get("/values")).state).toBe("hit");
    now += 2;
    expect((await get("/values")).state).toBe("miss");
  });

  it("evicts the least recently used page past its bounds", async () => {
    await get("/blog/a");
    await get("/blog/b");
    await get("/blog/c");
    await get("/blog/a"); // a is now the most recent
    await get("/blog/d");
    expect(store.size).toBe(3);
    expect((await get("/blog/b")).state).toBe("miss");
    expect((await get("/blog/a")).state).toBe("hit");
  });

  it("renders a page once for concurrent visitors", async () => {
    const before = renders.count;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get("/privacy?slow=1")));
    expect(renders.count - before).toBe(1);
    expect(answers.map((a) => a.state).sort()).toEqual(["hit", "hit", "hit", "hit", "miss"]);
    const hits = answers.filter((a) => a.state === "hit");
    expect(new Set(hits.map((a) => a.body)).size).toBe(1);
    expect(hits.every((a) => !a.body.includes("nonce") && cspNonce(a.res) === undefined)).toBe(true);
  });

  it("sends an expired page to the visitors who come while its replacement renders, marked stale", async () => {
    const old = await get("/privacy?slow=1");
    now += 2001; // past the TTL, within the stale bound
    const before = renders.count;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get("/privacy?slow=1")));
    expect(renders.count - before).toBe(1);
    expect(answers.map((a) => a.state).sort()).toEqual(["miss", "stale", "stale", "stale", "stale"]);
    const fresh = answers.find((a) => a.state === "miss")!;
    for (const stale of answers.filter((a) => a.state === "stale")) {
      expect(stale.res.headers.get("x-render")).toBe(old.res.headers.get("x-render")); // the earlier render's page
      expect(stale.body).not.toContain("nonce");
    }
    // The first request after the TTL saw the page as it is now, and what follows is its render.
    expect(fresh.res.headers.get("x-render")).toBe(String(before + 1));
    expect((await get("/privacy?slow=1")).res.headers.get("x-render")).toBe(String(before + 1));
  });

  it("serves nothing stale past the bound or after an invalidation: visitors wait for the render", async () => {
    for (const expire of [() => (now += 2000 + 3001), () => store.clear()]) {
      await get("/faq?slow=1");
      expire();
      const before = renders.count;
      const answers = await Promise.all(Array.from({ length: 3 }, () => get("/faq?slow=1")));
      expect(renders.count - before).toBe(1);
      expect(answers.map((a) => a.state).sort()).toEqual(["hit", "hit", "miss"]);
    }
  });

  it("lets concurrent visitors render their own when the first answer cannot be kept", async () => {
    const before = renders.count;
    const answers = await Promise.all(Array.from({ length: 3 }, () => get("/privacy?slow=1&kind=cookie")));
    expect(renders.count - before).toBe(3);
    expect(answers.map((a) => a.state)).toEqual(["miss", "miss", "miss"]);
  });

  it("does not store a render that began before the cache was cleared", async () => {
    const slow = express();
    const slowStore = createPageStore({ ttlMs: 2000 });
    slow.use(commonHeaders(), pageCacheHandler(slowStore), (_req, res) => {
      res.type("html").write("<p>before</p>");
      slowStore.clear(); // an invalidation arrives mid-render
      res.end();
    });
    const { server: s, origin: o } = await listen(slow);
    await fetch(`${o}/`).then((r) => r.text());
    await slowStore.settled();
    expect(slowStore.size).toBe(0);
    await new Promise((r) => s.close(r));
  });

  // --- The video page (ADR 0014: its play token comes from POST /api/play-token) ---
  describe("the video page", () => {
    const page = "/video/6f1c2d3e-4a5b-4c6d-8e7f-901234567890";

    it("is kept for visitors like the other cached pages", async () => {
      const first = await get(page);
      const again = await get(page);
      expect([first.state, again.state, again.rendered]).toEqual(["miss", "hit", false]);
    });

    it("is not kept for its .data navigations or an answer that sets a cookie; signed in, as a shell", async () => {
      for (const path of [`${page}.data`, `${page}?kind=cookie`]) {
        await get(path);
        expect((await get(path)).rendered, path).toBe(true);
      }
      await get(page, { cookie: "better-auth.session_token=abc.def" });
      expect((await get(page, { cookie: "better-auth.session_token=xyz.uvw" })).state).toBe("hit");
    });
  });
  // --- end of the video page ---
});
