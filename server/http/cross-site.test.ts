import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_REFUSAL, crossSiteReason, refuseCrossSiteWrites } from "./cross-site";

const SITE = "http://site.example";

describe("crossSiteReason", () => {
  it.each([
    ["a same-origin browser post", { origin: SITE, secFetchSite: "same-origin" }],
    ["the same origin in other case", { origin: "HTTP://SITE.EXAMPLE" }],
    ["a user-initiated request", { secFetchSite: "none" }],
    ["a client that is not a browser page", {}],
    ["an older browser's same-origin post", { origin: SITE }],
  ])("lets %s through", (_, headers) => {
    expect(crossSiteReason(headers, [SITE])).toBeNull();
  });

  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["another site saying it is cross-site", { origin: "https://evil.example", secFetchSite: "cross-site" }],
    ["a sandboxed frame or data: URL", { origin: "null" }],
    ["another scheme of this host", { origin: "https://site.example" }],
    ["another port of this host", { origin: "http://site.example:8080" }],
    ["a sibling subdomain", { origin: "http://ads.site.example", secFetchSite: "same-site" }],
    ["a cross-site request without Origin", { secFetchSite: "cross-site" }],
    ["a same-site request without Origin", { secFetchSite: "same-site" }],
    ["a cross-site request naming our origin", { origin: SITE, secFetchSite: "cross-site" }],
    ["an unknown Sec-Fetch-Site", { origin: SITE, secFetchSite: "weird" }],
    ["an empty Origin", { origin: "" }],
    ["an origin with a path", { origin: `${SITE}/` }],
    ["our origin as a suffix", { origin: `${SITE}.evil.example` }],
  ])("refuses %s", (_, headers) => {
    expect(crossSiteReason(headers, [SITE])).not.toBeNull();
  });
});

describe("refuseCrossSiteWrites", () => {
  let server: http.Server;
  let origin: string;
  let reached = 0;
  beforeAll(async () => {
    const app = express();
    app.use(refuseCrossSiteWrites());
    app.all("/{*rest}", (_req, res) => {
      reached++;
      res.send("reached");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses a cross-site %s with 403 before any route", async (method) => {
    const before = reached;
    for (const headers of [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${origin}/anything`, { method, headers });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(CROSS_SITE_REFUSAL);
    }
    expect(reached).toBe(before);
  });

  it("lets same-origin writes and every cross-site read through", async () => {
    const before = reached;
    expect((await fetch(`${origin}/x`, { method: "POST", headers: { origin } })).status).toBe(200);
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(
        (await fetch(`${origin}/x`, { method, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } })).status,
      ).toBe(200);
    }
    expect(reached).toBe(before + 4);
  });
});
