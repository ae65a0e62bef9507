import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./headers";

const AD_HOSTS = ["https://ads.example.com", "http://127.0.0.1:4555"];
const directives = (csp: string) => Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("the CSP with a banner ad network (AD_SCRIPT_URL)", () => {
  it("lets scripts come only from the banner script's host, besides our own and the nonce; frames from the ad hosts", () => {
    const d = directives(contentSecurityPolicy({ nonce: "n0nce" }, AD_HOSTS, "http://127.0.0.1:4555/zone.js?id={zoneId}"));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-n0nce'", "http://127.0.0.1:4555"]);
    expect(d["frame-src"]).toEqual(["'self'", ...AD_HOSTS]);
    expect(d["default-src"]).toEqual(["'self'"]);
  });

  it("without one, no ad host may run script or open a frame", () => {
    const d = directives(contentSecurityPolicy({ nonce: "n0nce" }, AD_HOSTS, undefined));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(d["frame-src"]).toEqual(["'self'"]);
  });
});

describe("AD_SCRIPT_URL", () => {
  it("must be an http(s) URL whose origin is one of AD_HOSTS", async () => {
    const { parseEnv } = await import("../env");
    const ok = parseEnv({ AD_HOSTS: "https://ads.example.com", AD_SCRIPT_URL: "https://ads.example.com/zone.js?id={zoneId}" });
    expect(ok.AD_SCRIPT_URL).toBe("https://ads.example.com/zone.js?id={zoneId}");
    expect(parseEnv({ AD_SCRIPT_URL: "" }).AD_SCRIPT_URL).toBeUndefined();
    expect(() => parseEnv({ AD_HOSTS: "https://other.example.com", AD_SCRIPT_URL: "https://ads.example.com/zone.js" })).toThrow(
      /AD_SCRIPT_URL.*AD_HOSTS/,
    );
    expect(() => parseEnv({ AD_HOSTS: "https://ads.example.com", AD_SCRIPT_URL: "javascript:alert(1)" })).toThrow(/AD_SCRIPT_URL/);
  });
});

describe("the CSP of every response", () => {
  it.each([
    ["a rendered page", { nonce: "n0nce" }],
    ["a cached page", { hashes: ["'sha256-abc='"] }],
  ] as const)("lets no other site frame %s, run plugins or move the base URL", (_, inline) => {
    for (const [hosts, script] of [
      [[], undefined],
      [AD_HOSTS, "http://127.0.0.1:4555/zone.js?id={zoneId}"],
    ] as const) {
      const d = directives(contentSecurityPolicy(inline, hosts, script));
      expect(d["frame-ancestors"]).toEqual(["'self'"]);
      expect(d["object-src"]).toEqual(["'none'"]);
      expect(d["base-uri"]).toEqual(["'self'"]);
    }
  });
});

describe("the CSP with media on another origin (MEDIA_BASE_URL)", () => {
  it("lets images, video and hls.js's requests reach the media origin, and nothing else", () => {
    const d = directives(contentSecurityPolicy({ nonce: "n0nce" }, [], undefined, "https://cdn.example.com"));
    expect(d["img-src"]).toContain("https://cdn.example.com");
    expect(d["media-src"]).toEqual(["'self'", "blob:", "https://cdn.example.com"]);
    expect(d["connect-src"]).toEqual(["'self'", "https://cdn.example.com"]);
    expect(d["script-src"]).not.toContain("https://cdn.example.com");
    expect(d["frame-src"]).toEqual(["'self'"]);
  });

  it("adds nothing for media on the site itself (a path such as /media/)", async () => {
    const { mediaBaseOrigin } = await import("../env/media-storage");
    expect(mediaBaseOrigin("/media/")).toBeUndefined();
    expect(mediaBaseOrigin("http://127.0.0.1:4569/bucket/")).toBe("http://127.0.0.1:4569");
    const d = directives(contentSecurityPolicy({ nonce: "n0nce" }, [], undefined, undefined));
    expect(d["media-src"]).toEqual(["'self'", "blob:"]);
    expect(d["connect-src"]).toEqual(["'self'"]);
  });
});
