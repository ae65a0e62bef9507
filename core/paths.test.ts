import { describe, expect, it } from "vitest";
import { HOSTILE_REDIRECTS } from "../tests/support/hostile-redirects";
import { paramOf, paths } from "./paths";

// What each helper builds; tests/support/route-paths.test.ts holds them to the route table.

const ID = "0b9f5c1e-7a34-4c2e-9d51-3f6a2b8e4c70";

describe("paths", () => {
  it("gives page 1 and the default order the bare address", () => {
    expect(paths.blog()).toBe("/blog");
    expect(paths.blog(1)).toBe("/blog");
    expect(paths.blog(2)).toBe("/blog?page=2");
    expect(paths.home({ page: 3 })).toBe("/?page=3");
    expect(paths.category("sci-fi", { order: { sort: "newest", duration: null }, page: 1 })).toBe("/category/sci-fi");
    expect(paths.category("sci-fi", { order: { sort: "views", duration: "short" }, page: 2 })).toBe(
      "/category/sci-fi?sort=views&duration=short&page=2",
    );
    expect(paths.playlist("watch-later", 2)).toBe("/playlists/watch-later?page=2");
  });

  it("puts the search term first and encodes it as a form does", () => {
    expect(paths.search()).toBe("/search");
    expect(paths.search({ q: "neon city" })).toBe("/search?q=neon+city");
    expect(paths.search({ q: "a&b", order: { sort: "likes", duration: null } })).toBe("/search?q=a%26b&sort=likes");
  });

  it("keeps ids and slugs as they are and escapes anything else", () => {
    expect(paths.video(ID)).toBe(`/video/${ID}`);
    expect(paths.video(ID, { list: "watch-later" })).toBe(`/video/${ID}?list=watch-later`);
    expect(paths.blogPost("welcome-to-pleazure")).toBe("/blog/welcome-to-pleazure");
    expect(paths.category("Sci Fi/2?")).toBe("/category/Sci%20Fi%2F2%3F");
  });

  it("names a report's item and a takedown's address", () => {
    expect(paths.report()).toBe("/report");
    expect(paths.report({ type: "comment", id: ID })).toBe(`/report?comment=${ID}`);
    expect(paths.takedown(`https://site.example/video/${ID}`)).toBe(`/takedown?url=https%3A%2F%2Fsite.example%2Fvideo%2F${ID}`);
  });

  it("writes the console's filters in a fixed order and leaves empty ones out", () => {
    expect(paths.admin.videos({ q: "dusk", visibility: "private", page: 2 })).toBe("/admin/videos?q=dusk&visibility=private&page=2");
    expect(paths.admin.videos({ q: "" })).toBe("/admin/videos");
    expect(paths.admin.videos({ deleted: true })).toBe("/admin/videos?deleted=1");
    expect(paths.admin.comments({ video: "x", user: "", page: 1 })).toBe("/admin/comments?video=x");
    expect(paths.admin.blogPost(ID, { created: true })).toBe(`/admin/blog/${ID}?created=1`);
  });

  it("sends an age check back where it started", () => {
    expect(paths.ageCheck()).toBe("/age-check");
    expect(paths.ageCheck({ result: "failed", returnTo: "/video/x" })).toBe("/age-check?result=failed&returnTo=%2Fvideo%2Fx");
  });
});

describe("paths.login", () => {
  it("carries the page to come back to", () => {
    expect(paths.login(paths.profile())).toBe("/login?redirectTo=%2Fprofile");
    expect(paths.login(paths.home())).toBe("/login");
    expect(paths.login()).toBe("/login");
  });
  it.each(HOSTILE_REDIRECTS)("drops %j", (raw) => {
    expect(paths.login(raw)).toBe("/login");
  });
  // core/redirect-to.ts spells these pages out itself (this module builds on it): the two must agree.
  it("never comes back to the sign-in page or an endpoint", () => {
    for (const path of [paths.login(), paths.login(paths.profile()), `${paths.login()}/`, paths.api.views(), paths.api.viewerState()]) {
      expect(paths.login(path), path).toBe(paths.login());
    }
  });
});

describe("paramOf", () => {
  it("reads the parameter that ends a route's address", () => {
    expect(paramOf(paths.video, paths.video(ID))).toBe(ID);
    expect(paramOf(paths.video, `${paths.video(ID)}/`)).toBe(ID);
    expect(paramOf(paths.blogPost, paths.blogPost("a-post"))).toBe("a-post");
  });
  it("is undefined for any other address", () => {
    for (const other of [paths.video(""), paths.videoCredentials(ID), paths.category(ID), `/x${paths.video(ID)}`]) {
      expect(paramOf(paths.video, other), other).toBeUndefined();
    }
  });
});
