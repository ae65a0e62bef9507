import { describe, expect, it } from "vitest";
import { loadingTextFor } from "./pending-screen";

describe("loadingTextFor", () => {
  it.each([
    ["/", "Loading videos..."],
    ["/category/big-tits", "Loading videos..."],
    ["/category/amateur/", "Loading videos..."],
    ["/search", "Loading results..."],
    ["/blog", "Loading blog posts..."],
    ["/blog/welcome-to-pleazure", "Loading blog post..."],
    ["/blog/feed.xml", null],
    ["/video/abc", null],
    ["/contact", null],
    ["/category", null],
    ["/blog/a/b", null],
    ["/profile", "Loading..."],
    ["/favorites", "Loading..."],
    ["/history", "Loading..."],
    ["/settings/", "Loading..."],
    ["/login", null],
  ])("%s → %s", (path, text) => {
    expect(loadingTextFor(path)).toBe(text);
  });
});
