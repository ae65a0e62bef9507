import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { paths } from "../../core/paths";
import { setRole, signInOverHttp, testVideo, uniqueEmail, uniqueIp } from "../support/account-session";
import { type StoredComment, stored } from "./community-support";
import { expect, test } from "./support";

/**
 * docs/product.md "Roles" over HTTP (issue 10 item 8): every role × every like and comment action against the built
 * server, each outcome asserted from the database (through the test hooks), not from what the UI shows.
 * Requests are sent as the hydrated page's fetchers send them (`js=1`: data answers with statuses).
 */

type Role = "visitor" | "user" | "creator" | "admin";
const ROLES: Role[] = ["visitor", "user", "creator", "admin"];
const SIGNED_IN_STATUS = 200;

interface Actor {
  role: Role;
  id: string | null;
  http: APIRequestContext;
}

async function actor(baseURL: string, role: Role): Promise<Actor> {
  const ip = uniqueIp();
  const http = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip } });
  if (role === "visitor") return { role, id: null, http };
  const email = uniqueEmail(`matrix-${role}`);
  await signInOverHttp(http, email, ip);
  return { role, id: await setRole(baseURL, email, role), http };
}

const send = (a: Actor, path: string, form: Record<string, string>) =>
  a.http.post(path, { form: { ...form, js: "1" }, maxRedirects: 0, failOnStatusCode: false });

const byId = (comments: StoredComment[], id: string) => comments.find((c) => c.id === id);

test.describe.configure({ timeout: 120_000 });

for (const role of ROLES) {
  test(`${role}: like, unlike, comment, reply, reply to a reply, delete own, delete another's`, async ({ baseURL }) => {
    const origin = baseURL as string;
    const me = await actor(origin, role);
    const other = await actor(origin, "user");
    const videoId = await testVideo(baseURL, 60);
    const signedIn = role !== "visitor";
    const canModerate = role === "creator" || role === "admin";

    // Someone else's thread: a top-level comment and a reply.
    expect((await send(other, "/api/comments", { videoId, content: "other's comment" })).status()).toBe(200);
    let db = await stored(baseURL, videoId);
    const othersTop = db.comments[0]?.id as string;
    expect((await send(other, "/api/comments", { videoId, parentId: othersTop, content: "other's reply" })).status()).toBe(200);
    db = await stored(baseURL, videoId);
    const othersReply = db.comments.find((c) => c.parent_id === othersTop)?.id as string;
    const before = db.comments.length;

    // like
    const like = await send(me, `/api/videos/${videoId}/like`, { liked: "true" });
    expect(like.status()).toBe(signedIn ? SIGNED_IN_STATUS : 401);
    db = await stored(baseURL, videoId);
    expect(db.likes).toBe(signedIn ? 1 : 0);
    expect(db.likedBy).toEqual(signedIn ? [me.id] : []);
    if (!signedIn)
      expect(await like.json()).toMatchObject({ ok: false, signIn: `/login?redirectTo=${encodeURIComponent(`/video/${videoId}`)}` });

    // unlike
    expect((await send(me, `/api/videos/${videoId}/like`, { liked: "false" })).status()).toBe(signedIn ? 200 : 401);
    db = await stored(baseURL, videoId);
    expect([db.likes, db.likedBy]).toEqual([0, []]);

    // comment
    const comment = await send(me, "/api/comments", { videoId, content: `${role}'s comment` });
    expect(comment.status()).toBe(signedIn ? 200 : 401);
    if (!signedIn) expect(await comment.json()).toMatchObject({ ok: false, error: "You must be logged in to comment." });
    db = await stored(baseURL, videoId);
    const mine = db.comments.find((c) => c.content === `${role}'s comment`);
    expect(mine?.user_id ?? null).toBe(signedIn ? me.id : null);

    // reply (to a top-level comment)
    const reply = await send(me, "/api/comments", { videoId, parentId: othersTop, content: `${role}'s reply` });
    expect(reply.status()).toBe(signedIn ? 200 : 401);
    if (!signedIn) expect(await reply.json()).toMatchObject({ ok: false, error: "You must be logged in to reply." });
    db = await stored(baseURL, videoId);
    const myReply = db.comments.find((c) => c.content === `${role}'s reply`);
    expect(myReply ? [myReply.user_id, myReply.parent_id] : null).toEqual(signedIn ? [me.id, othersTop] : null);

    // reply to a reply: refused for everyone, nothing stored
    const deep = await send(me, "/api/comments", { videoId, parentId: othersReply, content: "too deep" });
    expect(deep.status()).toBe(signedIn ? 404 : 401);
    db = await stored(baseURL, videoId);
    expect(db.comments.some((c) => c.content === "too deep")).toBe(false);
    expect(db.comments).toHaveLength(before + (signedIn ? 2 : 0));

    // delete own
    if (mine) {
      expect((await send(me, `/api/comments/${mine.id}/delete`, { videoId })).status()).toBe(200);
      expect(byId((await stored(baseURL, videoId)).comments, mine.id)?.is_deleted).toBe(true);
    }

    // delete another's
    const other_ = await send(me, `/api/comments/${othersTop}/delete`, { videoId });
    expect(other_.status()).toBe(!signedIn ? 401 : canModerate ? 200 : 403);
    const answer = await other_.json();
    if (!signedIn) expect(answer).toMatchObject({ error: "You must be logged in to delete comments." });
    if (signedIn && !canModerate) expect(answer).toMatchObject({ error: "You do not have permission to delete this comment." });
    expect(byId((await stored(baseURL, videoId)).comments, othersTop)?.is_deleted).toBe(canModerate);

    await me.http.dispose();
    await other.http.dispose();
  });
}

test("cross-site posts are refused on every like and comment endpoint, as form posts and as fetcher (.data) posts", async ({ baseURL }) => {
  const user = await actor(baseURL as string, "user");
  const videoId = await testVideo(baseURL, 60);
  expect((await send(user, "/api/comments", { videoId, content: "target" })).status()).toBe(200);
  const target = (await stored(baseURL, videoId)).comments[0] as StoredComment;
  const posts: [string, Record<string, string>][] = [
    [`/api/videos/${videoId}/like`, { liked: "true" }],
    ["/api/comments", { videoId, content: "cross-site comment" }],
    ["/api/comments", { videoId, parentId: target.id, content: "cross-site reply" }],
    [`/api/comments/${target.id}/delete`, { videoId }],
  ];
  for (const [path, form] of posts) {
    for (const url of [path, `${path}.data`]) {
      for (const origin of ["http://evil.example", "null"]) {
        const res = await user.http.post(url, { form, headers: { Origin: origin }, maxRedirects: 0, failOnStatusCode: false });
        expect(res.status(), `${url} from ${origin}`).toBe(403);
      }
    }
  }
  const db = await stored(baseURL, videoId);
  expect(db.likes).toBe(0);
  expect(db.comments.map((c) => [c.content, c.is_deleted])).toEqual([["target", false]]);
  await user.http.dispose();
});

test("without the script field, posts come back to the video page (or to sign-in for visitors) with 303", async ({ baseURL }) => {
  const visitor = await actor(baseURL as string, "visitor");
  const videoId = await testVideo(baseURL, 60);
  const res = await visitor.http.post(paths.api.like(videoId), { form: { liked: "true" }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(`/video/${videoId}`)}`);
  const user = await actor(baseURL as string, "user");
  const blank = await user.http.post(paths.api.comments(), { form: { videoId, content: "   " }, maxRedirects: 0 });
  expect(blank.status()).toBe(303);
  expect(blank.headers().location).toBe(`/video/${videoId}?communityError=comment#comments`);
  expect((await stored(baseURL, videoId)).comments).toEqual([]);
  for (const a of [visitor, user]) await a.http.dispose();
});

test("at most 10 comments a minute per user: the 11th is 429 with Retry-After and a clear message", async ({ baseURL }) => {
  const user = await actor(baseURL as string, "user");
  const videoId = await testVideo(baseURL, 60);
  for (let i = 0; i < 10; i++) expect((await send(user, "/api/comments", { videoId, content: `c${i}` })).status()).toBe(200);
  const res = await send(user, "/api/comments", { videoId, content: "one too many" });
  expect(res.status()).toBe(429);
  expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await res.json()).error).toMatch(
    /^You are commenting too fast: at most 10 comments a minute\. Please try again in \d+ seconds?\.$/,
  );
  expect((await stored(baseURL, videoId)).comments).toHaveLength(10);
  await user.http.dispose();
});
