import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferModulePreloads } from "./entry.server";

const through = (parts: Buffer[]) => text(Readable.from(parts).pipe(deferModulePreloads("n0nce")));
const chunked = (s: string, size: number) => {
  const bytes = Buffer.from(s);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return parts;
};

describe("deferModulePreloads", () => {
  const head =
    '<html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/a.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/b.js" nonce="n0nce"/></head>';
  const body = '<body><p>Grüße</p><script nonce="n0nce" type="module" async="">import "/assets/a.js";</script></body></html>';
  const loader =
    '<script nonce="n0nce">requestAnimationFrame(()=>setTimeout(()=>{for(const h of ["/assets/a.js","/assets/b.js"]){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)}}))</script>';

  it("moves the modulepreloads out of <head> into one nonce'd script at the end of <body>", async () => {
    const out = await through([Buffer.from(head + body)]);
    expect(out).toBe(`<html><head><meta charSet="utf-8"/></head>${body.replace("</body>", `${loader}</body>`)}`);
  });

  it("gives the same result whatever the chunk boundaries, including inside </head>, </body> and multi-byte characters", async () => {
    const expected = await through([Buffer.from(head + body)]);
    for (const size of [1, 2, 3, 7, 50]) expect(await through(chunked(head + body, size))).toBe(expected);
  });

  it("appends the script when the stream ends without </body>, and changes nothing without </head>", async () => {
    expect(await through([Buffer.from(`${head}<body><p>cut`)])).toBe(`<html><head><meta charSet="utf-8"/></head><body><p>cut${loader}`);
    expect(await through([Buffer.from("<p>partial"), Buffer.from(" page</p>")])).toBe("<p>partial page</p>");
  });

  it("sends what is written in one event-loop turn as one chunk, and a later turn's writes apart", async () => {
    const stream = deferModulePreloads("n0nce");
    const chunks: string[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c.toString()));
    const done = new Promise((r) => stream.on("end", r));
    for (const part of chunked(head + body.replace("</body></html>", ""), 5)) stream.write(part);
    await new Promise((r) => setImmediate(r));
    stream.end(Buffer.from("</body></html>"));
    await done;
    expect(chunks.length).toBe(2);
    expect(chunks.join("")).toBe(await through([Buffer.from(head + body)]));
  });

  it("adds nothing when the page has no modulepreloads", async () => {
    const plain = "<html><head></head><body><p>x</p></body></html>";
    expect(await through(chunked(plain, 4))).toBe(plain);
  });
});
