import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { houseBanner } from "./house-banners";

const PREFIX = "data:image/svg+xml,";
const file = (name: string) => fs.readFileSync(path.join(import.meta.dirname, name), "utf8").trim();

describe("house banners as data URIs", () => {
  it.each([
    ["rect", "house-banner-rect.svg"],
    ["billboard", "house-banner-billboard.svg"],
  ] as const)(
    "%s decodes back to its SVG file with the page's line, with nothing a URI or an HTML attribute would misread",
    (key, name) => {
      const line = `منطقة متعتك & "100%" <b>`;
      const uri = houseBanner(key, line);
      expect(uri.startsWith(PREFIX)).toBe(true);
      const body = uri.slice(PREFIX.length);
      // The line is the SVG's text, escaped as XML: a quote or a tag in a translation stays text.
      expect(decodeURIComponent(body)).toBe(file(name).replace("{line}", "منطقة متعتك &amp; &quot;100%&quot; &lt;b&gt;"));
      // `#` would end the URI at a fragment, `"` the attribute, `<`/`>` trip HTML sanitisers; `%` only as an escape.
      expect(body).not.toMatch(/["#<>]|%(?![0-9A-F]{2})/);
    },
  );
});
