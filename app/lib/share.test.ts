import { describe, expect, it } from "vitest";
import { shareLinks } from "./share";

describe("shareLinks", () => {
  it("builds the tweet intent and the Reddit submit link with the title and the URL encoded", () => {
    const { x, reddit } = shareLinks("Aurora & Tide #1?", "https://example.test/video/abc?x=1&y=2");
    const tweet = new URL(x);
    expect(`${tweet.origin}${tweet.pathname}`).toBe("https://twitter.com/intent/tweet");
    expect(tweet.searchParams.get("text")).toBe("Aurora & Tide #1?");
    expect(tweet.searchParams.get("url")).toBe("https://example.test/video/abc?x=1&y=2");
    const submit = new URL(reddit);
    expect(`${submit.origin}${submit.pathname}`).toBe("https://www.reddit.com/submit");
    expect(submit.searchParams.get("title")).toBe("Aurora & Tide #1?");
    expect(submit.searchParams.get("url")).toBe("https://example.test/video/abc?x=1&y=2");
  });
});
