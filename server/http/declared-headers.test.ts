import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheControlFor, declaredHeaders, PER_VISITOR, SIGNED_IN } from "./declared-headers";

describe("cacheControlFor", () => {
  it("keeps every page out of shared caches, and a signed-in user's pages out of every cache", () => {
    expect(cacheControlFor(undefined, false)).toBe(PER_VISITOR);
    expect(cacheControlFor(undefined, true)).toBe(SIGNED_IN);
    expect(cacheControlFor("private, no-cache", true)).toBe(SIGNED_IN);
  });

  it("leaves answers that chose their own caching alone (public files, no-store APIs)", () => {
    expect(cacheControlFor("public, max-age=600", true)).toBe("public, max-age=600");
    expect(cacheControlFor("no-store", true)).toBe("no-store");
    expect(cacheControlFor("private, no-cache", false)).toBe("private, no-cache");
  });
});

describe("declaredHeaders on a real server", () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    const app = express();
    app.use(declaredHeaders());
    app.get("/page", (_req, res) => void res.send("<p>page</p>"));
    app.get("/feed", (_req, res) => void res.set("Cache-Control", "public, max-age=600").send("<rss/>"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const cacheControl = async (path: string, cookie?: string) =>
    (await fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {} })).headers.get("cache-control");

  it("sends the header the visitor's state calls for", async () => {
    expect(await cacheControl("/page")).toBe(PER_VISITOR);
    expect(await cacheControl("/page", "ageVerified=true")).toBe(PER_VISITOR);
    expect(await cacheControl("/page", "better-auth.session_token=abc.def")).toBe(SIGNED_IN);
    expect(await cacheControl("/feed", "better-auth.session_token=abc.def")).toBe("public, max-age=600");
  });
});
