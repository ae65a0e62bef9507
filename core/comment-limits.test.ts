import { describe, expect, it } from "vitest";
import { canonicalCommentsLocation, canonicalShownThreads, MAX_THREADS, THREADS_PER_PAGE } from "./comment-limits";

const at = (query: string) => canonicalCommentsLocation(new URL(`http://localhost/video/abc${query}`));

describe("?comments takes only canonical values", () => {
  it.each(["", "?comments=100", "?comments=150", `?comments=${MAX_THREADS}`, "?replyTo=x&comments=200", "?comments=100&page=2"])(
    "%j is canonical: no redirect",
    (query) => {
      expect(at(query)).toBeNull();
    },
  );

  // Each hostile or odd value, and where it is sent: a render of its own would be a page the cache never sees again.
  it.each([
    ["?comments=50", "/video/abc"], // the first page has no parameter
    ["?comments=51", "/video/abc?comments=100"],
    ["?comments=99", "/video/abc?comments=100"],
    ["?comments=101", "/video/abc?comments=150"],
    ["?comments=1", "/video/abc"],
    ["?comments=0", "/video/abc"],
    ["?comments=-1", "/video/abc"],
    ["?comments=0100", "/video/abc?comments=100"],
    ["?comments=%31%30%30", null], // percent-encoded "100" reads as 100: the address already is the canonical value
    ["?comments=100.0", "/video/abc"],
    ["?comments=1e2", "/video/abc"],
    ["?comments=0x64", "/video/abc"],
    ["?comments=+100", "/video/abc"],
    ["?comments= 100", "/video/abc"],
    ["?comments=100%00", "/video/abc"],
    ["?comments=", "/video/abc"],
    ["?comments", "/video/abc"],
    ["?comments=abc", "/video/abc"],
    ["?comments=Infinity", "/video/abc"],
    ["?comments=NaN", "/video/abc"],
    [`?comments=${MAX_THREADS + 1}`, `/video/abc?comments=${MAX_THREADS}`],
    ["?comments=99999999999", "/video/abc"], // more than 9 digits: unreadable, the first page
    ["?comments=999999999", `/video/abc?comments=${MAX_THREADS}`],
    ["?comments=100&comments=150", "/video/abc"], // repeated: ambiguous, the first page
    ["?comments=100&comments=100", "/video/abc"],
    ["?replyTo=x&comments=51&page=2", "/video/abc?replyTo=x&comments=100&page=2"],
    ["?comments=51&x=%3Cscript%3E", "/video/abc?comments=100&x=%3Cscript%3E"],
  ])("%j goes to %j", (query, location) => {
    expect(at(query)).toBe(location);
  });

  it("every canonical value is a multiple of the step up to the maximum: a video page has at most MAX_THREADS / step of them", () => {
    const seen = new Set<number | undefined>();
    for (let n = -5; n <= MAX_THREADS * 3; n++) seen.add(canonicalShownThreads([String(n)]));
    seen.delete(undefined);
    expect([...seen].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: MAX_THREADS / THREADS_PER_PAGE - 1 }, (_, i) => (i + 2) * THREADS_PER_PAGE),
    );
  });
});
