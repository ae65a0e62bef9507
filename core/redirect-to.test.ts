import { describe, expect, it } from "vitest";
import { HOSTILE_REDIRECTS } from "../tests/support/hostile-redirects";
import { safeRedirectPath } from "./redirect-to";

const BASE = "http://site.example";

/** Whether a browser on BASE that follows `location` stays on BASE. */
function staysOnSite(location: string): boolean {
  // Browsers strip tabs and newlines before resolving; the URL parser does the same.
  return new URL(location, BASE).origin === BASE && /^\/(?![/\\])/.test(location);
}

describe("safeRedirectPath", () => {
  it("keeps paths on this site with their query and fragment", () => {
    expect(safeRedirectPath("/video/abc?t=1#c")).toBe("/video/abc?t=1#c");
    expect(safeRedirectPath("/favorites")).toBe("/favorites");
    expect(safeRedirectPath("/search?q=a b")).toBe("/search?q=a%20b");
    expect(safeRedirectPath("/category/x/../amateur")).toBe("/category/amateur");
    expect(safeRedirectPath("/a%2Fb")).toBe("/a%2Fb"); // an encoded slash inside a path is not a new origin
  });

  it("keeps a page in another language, and refuses the sign-in page and the endpoints in any language", () => {
    expect(safeRedirectPath("/de/video/abc?t=1")).toBe("/de/video/abc?t=1");
    expect(safeRedirectPath("/pt-br")).toBe("/pt-br");
    for (const raw of ["/login", "/de/login", "/pt-br/login/", "/AR/LOGIN", "/ja/api/views"])
      expect(safeRedirectPath(raw, "/x")).toBe("/x");
  });

  it(`has a table of at least 30 hostile targets`, () => {
    expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE_REDIRECTS)("refuses %j (falls back)", (raw) => {
    const result = safeRedirectPath(raw, "/fallback");
    expect(result).toBe("/fallback");
  });

  it.each(HOSTILE_REDIRECTS)("whatever it returns for %j stays on the site, decoded or not", (raw) => {
    const result = safeRedirectPath(raw);
    expect(staysOnSite(result)).toBe(true);
    expect(staysOnSite(decodeURIComponent(result))).toBe(true);
  });

  it("refuses non-strings", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/x"])).toBe("/");
    expect(safeRedirectPath(42)).toBe("/");
  });
});
