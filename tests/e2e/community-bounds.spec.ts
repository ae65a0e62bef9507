import type { Browser } from "@playwright/test";
import { MAX_REPLIES_PER_THREAD, MAX_THREADS, THREADS_PER_PAGE } from "../../core/comment-limits";
import { paths } from "../../core/paths";
import { newVisitor, signInOverHttp, testVideo, uniqueEmail } from "../support/account-session";
import { seedComments, stored } from "./community-support";
import { expect, test } from "./support";

/** docs/product.md "Comments" (server/i18n/messages/community.json `threadFull` in English). */
const THREAD_FULL_MESSAGE = `This thread has reached its limit of ${MAX_REPLIES_PER_THREAD} replies. Please start a new comment instead.`;

/**
 * Bounded comment sections (issue 19 item 10): a thread takes a limited number of replies, and `?comments=N`
 * takes only canonical values, so neither the database nor made-up addresses can make one page unbounded or
 * force renders the page cache never sees again.
 */

async function signedInPerson(browser: Browser, baseURL: string | undefined, opts: { javaScriptEnabled?: boolean } = {}) {
  const visitor = await newVisitor(browser, baseURL, opts);
  await signInOverHttp(visitor.context.request, uniqueEmail("replier"), visitor.ip);
  return visitor;
}

test("a full thread refuses another reply with a clear text, over HTTP, without JavaScript, and on the page", async ({
  browser,
  baseURL,
}) => {
  const videoId = await testVideo(baseURL, 60);
  await seedComments(baseURL, videoId, 2);
  const [full, open] = (await stored(baseURL, videoId)).comments.map((c) => c.id) as [string, string];
  await seedComments(baseURL, videoId, MAX_REPLIES_PER_THREAD, full);

  const scripted = await signedInPerson(browser, baseURL);
  const post = (parentId: string, js: boolean) =>
    scripted.context.request.post(paths.api.comments(), {
      form: { videoId, parentId, content: "one more", ...(js ? { js: "1" } : {}) },
      headers: { Origin: baseURL as string },
      maxRedirects: 0,
    });
  const refused = await post(full, true);
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({
    ok: false,
    code: "threadFull",
    values: { max: MAX_REPLIES_PER_THREAD },
    error: THREAD_FULL_MESSAGE,
  });
  // A plain form post comes back to the video with the reason.
  const plain = await post(full, false);
  expect(plain.status()).toBe(303);
  expect(plain.headers().location).toBe(`/video/${videoId}?communityError=full#comments`);
  // Another thread still takes replies.
  expect((await post(open, true)).status()).toBe(200);
  expect((await stored(baseURL, videoId)).comments.filter((c) => c.parent_id === full)).toHaveLength(MAX_REPLIES_PER_THREAD);

  const page = scripted.page;
  await page.goto(`/video/${videoId}?communityError=full`);
  await expect(page.locator("#comments").getByRole("alert")).toHaveText(THREAD_FULL_MESSAGE);
  const threads = page.locator("#comments > ol > li");
  await expect(threads.nth(0).getByText("Thread full")).toBeVisible();
  await expect(threads.nth(0).getByRole("button", { name: "Reply" })).toHaveCount(0);
  await expect(threads.nth(1).getByRole("button", { name: "Reply" })).toBeVisible();
  await scripted.context.close();
});

test("?comments=N: made-up values are redirected to the canonical address before any render; canonical ones are cached", async ({
  request,
  baseURL,
}) => {
  const videoId = await testVideo(baseURL, 60);
  await seedComments(baseURL, videoId, THREADS_PER_PAGE * 2 + 1);
  const page = `/video/${videoId}`;
  const hostile: [string, string][] = [
    ["51", `${page}?comments=100`],
    ["99", `${page}?comments=100`],
    ["101", `${page}?comments=150`],
    ["0100", `${page}?comments=100`],
    ["50", page],
    ["1", page],
    ["-1", page],
    ["1e2", page],
    ["abc", page],
    ["", page],
    [String(MAX_THREADS + 1), `${page}?comments=${MAX_THREADS}`],
    ["999999999", `${page}?comments=${MAX_THREADS}`],
    ["99999999999", page],
  ];
  for (const [value, location] of hostile) {
    const res = await request.get(`${page}?comments=${value}`, { maxRedirects: 0 });
    expect(res.status(), value).toBe(301);
    expect(res.headers().location, value).toBe(location);
  }
  const repeated = await request.get(`${page}?comments=100&comments=150`, { maxRedirects: 0 });
  expect(repeated.headers().location).toBe(page);

  // 40 random values: 40 bodiless redirects (no render); only the canonical addresses are ever rendered.
  for (let i = 0; i < 40; i++) {
    const n = 51 + Math.floor(Math.random() * 10_000);
    if (n % THREADS_PER_PAGE === 0 && n <= MAX_THREADS) continue;
    const res = await request.get(`${page}?comments=${n}`, { maxRedirects: 0 });
    expect(res.status(), String(n)).toBe(301);
    expect((await res.body()).length).toBe(0);
  }
  const first = await request.get(`${page}?comments=100`);
  expect(first.status()).toBe(200);
  await expect.poll(async () => (await request.get(`${page}?comments=100`)).headers()["x-page-cache"]).toBe("hit");
  expect(await first.text()).toContain(`Seeded comment ${THREADS_PER_PAGE * 2}`);
});
