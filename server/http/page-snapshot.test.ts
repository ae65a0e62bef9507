import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { nonceScriptHashes, snapshotEncoding, snapshotPage } from "./page-snapshot";

// Expected hashes computed outside the code: `printf '%s' 'window.a=1' | openssl dgst -sha256 -binary | base64`.
const WINDOW_A = "'sha256-WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E='";
const NON_ASCII = "'sha256-Ll2REUxzoBr6bUkbcPyUytUGD9HYEPNaGLXLis1ySO8='"; // é()

describe("nonceScriptHashes", () => {
  it("hashes the content of every inline script a browser would run that carries the nonce, once each", () => {
    const html = [
      '<script nonce="n+/=">window.a=1</script>',
      '<script type="module" async="" nonce="n+/=">é()</script>',
      '<SCRIPT nonce="n+/=">window.a=1</SCRIPT>',
      '<script nonce="n+/=" src="/assets/x.js"></script>',
      '<script type="module" src="/assets/y.js"></script>',
      '<script type="application/ld+json" nonce="n+/=">{"@type":"WebPage"}</script>',
    ].join("");
    expect(nonceScriptHashes(html, "n+/=")).toEqual([WINDOW_A, NON_ASCII]);
  });

  it.each([
    ["no nonce", "<script>evil()</script>"],
    ["another nonce", '<script nonce="guess">evil()</script>'],
    ["the nonce as a prefix", '<script nonce="n+/=x">evil()</script>'],
    ["the nonce in another attribute", '<script data-nonce="n+/=">evil()</script>'],
    ["the nonce unquoted", "<script nonce=n+/=>evil()</script>"],
    ["the nonce in the content", '<script>/* nonce="n+/=" */evil()</script>'],
  ])("leaves out an injected script with %s", (_, injected) => {
    const html = `<script nonce="n+/=">window.a=1</script><p>${injected}</p>`;
    expect(nonceScriptHashes(html, "n+/=")).toEqual([WINDOW_A]);
  });

  it("hashes nothing for a render without a nonce", () => {
    expect(nonceScriptHashes("<script>window.a=1</script>", "")).toEqual([]);
  });

  it("keeps the content exactly: whitespace and escapes are part of the hash", () => {
    expect(nonceScriptHashes('<script nonce="n">window.a=1 </script>', "n")).not.toEqual([WINDOW_A]);
    expect(nonceScriptHashes('<script nonce="n">\nwindow.a=1</script>', "n")).not.toEqual([WINDOW_A]);
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

  it("allows by hash only the scripts that carried the render's nonce, not one injected into the page", async () => {
    const body = Buffer.from('<script nonce="abc123">window.a=1</script><div><script>evil()</script></div>');
    const page = await snapshotPage(body, "abc123");
    expect(page?.scriptHashes).toEqual([WINDOW_A]);
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
