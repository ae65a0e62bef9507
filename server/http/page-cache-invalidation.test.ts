import type http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chain, listen } from "../../tests/support/page-cache-chain";
import { invalidate, invalidatePages } from "../realtime/shared-caches";
import { pageMicroCache } from "./page-cache-handler";
import { PAGE_CACHE_HEADER, processPageStore } from "./page-cache-store";

describe("invalidation", () => {
  const renders = { count: 0 };
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    ({ server, origin } = await listen(await chain(express(), pageMicroCache(processPageStore({ ttlMs: 60_000 })), renders)));
  });
  afterAll(() => new Promise((r) => server.close(r)));
  const state = async (path: string) => {
    const res = await fetch(`${origin}${path}`);
    await res.text();
    return res.headers.get(PAGE_CACHE_HEADER);
  };

  it("drops every page whenever any shared cache is invalidated, or pages are", async () => {
    await state("/");
    expect(await state("/")).toBe("hit");
    await invalidate("blog-posts", "some-slug"); // one key of one cache is enough: pages may show it anywhere
    expect(await state("/")).toBe("miss");
    expect(await state("/")).toBe("hit");
    await invalidatePages();
    expect(await state("/")).toBe("miss");
  });

  it("drops only the named pages for invalidatePages(paths) (a comment: its video's page), in every process", async () => {
    const video = "/video/8d0b7a4e-1c2f-4a5b-9c3d-2e1f0a9b8c7d";
    const other = "/video/5e0b7a4e-1c2f-4a5b-9c3d-2e1f0a9b8c7d";
    for (const path of ["/", video, other]) await state(path);
    for (const path of ["/", video, other]) expect(await state(path), path).toBe("hit");
    await invalidatePages([video]);
    expect(await state(video)).toBe("miss");
    expect(await state("/")).toBe("hit");
    expect(await state(other)).toBe("hit");
  });
});
