import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, snapshotEncoding, snapshotPage } from "./page-snapshot";

// Expected hashes computed outside the code: `printf '%s' 'window.a=1' | openssl dgst -sha256 -binary | base64`.
const WINDOW_A = "'sha256-WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E='";
const NON_ASCII = "'sha256-Ll2REUxzoBr6bUkbcPyUytUGD9HYEPNaGLXLis1ySO8='"; // é()

describe("inlineScriptHashes", () => {
  it("hashes the content of every inline script a browser would run, once each", () => {
    const html = [
      '<script nonce="n">window.a=1</script>',
      '<script type="module" async="">é()</script>',
      "<SCRIPT>window.a=1</SCRIPT>",
      '<script src="/assets/x.js"></script>',
      '<script type="module" src="/assets/y.js"></script>',
      '<script type="application/ld+json">{"@type":"WebPage"}</script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([WINDOW_A, NON_ASCII]);
  });

  it("keeps the content exactly: whitespace and escapes are part of the hash", () => {
    expect(inlineScriptHashes("<script>window.a=1 </script>")).not.toEqual([WINDOW_A]);
    expect(inlineScriptHashes("<script>\nwindow.a=1</script>")).not.toEqual([WINDOW_A]);
  });
});

describe("snapshotPage", () => {
  it("removes the nonce attributes and keeps brotli and gzip encodings of the same bytes", async () => {
    const body = Buffer.from(`<html><script nonce="abc123">window.a=1</script><p>${"é".repeat(2000)}</p></html>`);
    const page = await snapshotPage(body, "abc123");
    expect(page?.identity.toString()).toBe(`<html><script>window.a=1</script><p>${"é".repeat(2000)}</p></html>`);
    expect(page?.scriptHashes).toEqual([WINDOW_A]);
    expect(zlib.brotliDecompressSync(page?.br as Buffer).equals(page?.identity as Buffer)).toBe(true);
    expect(zlib.gunzipSync(page?.gzip as Buffer).equals(page?.identity as Buffer)).toBe(true);
    expect(page?.br.length).toBeLessThan(body.length / 10);
  });

  it("refuses a page whose nonce stands anywhere but in an attribute", async () => {
    expect(await snapshotPage(Buffer.from('<script nonce="abc123">n="abc123"</script>'), "abc123")).toBeNull();
  });
});

describe("snapshotEncoding", () => {
  it("prefers brotli, then gzip, then none", () => {
    expect(snapshotEncoding(() => true)).toBe("br");
    expect(snapshotEncoding((e) => e === "gzip")).toBe("gzip");
    expect(snapshotEncoding(() => false)).toBe("identity");
  });
});
