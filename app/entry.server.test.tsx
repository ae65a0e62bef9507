import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./entry.server";

const through = (chunks: string[]) => text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads()));

describe("lowPriorityModulePreloads", () => {
  const head = '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/></head>';
  const body = '<body><p>Grüße</p><link rel="modulepreload" href="/in-body.js"/></body></html>';

  it("marks every modulepreload in <head> low priority and leaves the body untouched", async () => {
    const out = await through([head + body]);
    expect(out).toBe(`${head.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"')}${body}`);
  });

  it("works whatever the chunk boundaries, including inside </head> and multi-byte characters", async () => {
    const whole = head + body;
    const expected = await through([whole]);
    for (const size of [1, 3, 7, 50]) {
      const bytes = Buffer.from(whole);
      const parts: string[] = [];
      for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size).toString("latin1"));
      const out = await text(Readable.from(parts.map((p) => Buffer.from(p, "latin1"))).pipe(lowPriorityModulePreloads()));
      expect(out).toBe(expected);
    }
  });

  it("passes a document without </head> through unchanged", async () => {
    expect(await through(["<p>partial", " page</p>"])).toBe("<p>partial page</p>");
  });
});
