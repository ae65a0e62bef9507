import { expect, test } from "@playwright/test";
import { signedInWithRole } from "../support/account-session";

/**
 * Every console answer to an admin, page or action, as a document or as a `.data` fetch, says noindex and
 * private, no-store: a page that lists users, messages and audit entries must never be kept by a shared
 * cache or indexed, whichever route's headers() React Router ends up using.
 */

const PAGES = [
  "/admin",
  "/admin/users",
  "/admin/audit",
  "/admin/ads",
  "/admin/comments",
  "/admin/messages",
  "/admin/categories",
  "/admin/translations",
  "/admin/blog",
  "/admin/blog/new",
  "/admin/videos",
  "/admin/videos/new",
];

test("console pages and actions answer an admin with noindex and private, no-store", async ({ browser, baseURL }) => {
  const { context, page } = await signedInWithRole(browser, baseURL, "admin");
  const wrong: string[] = [];
  const check = (what: string, headers: Record<string, string>) => {
    if (headers["x-robots-tag"] !== "noindex") wrong.push(`${what}: X-Robots-Tag ${headers["x-robots-tag"]}`);
    if (headers["cache-control"] !== "private, no-store") wrong.push(`${what}: Cache-Control ${headers["cache-control"]}`);
  };
  for (const path of PAGES) {
    const doc = await page.request.get(path, { maxRedirects: 0 });
    expect(doc.status(), path).toBe(200);
    check(`GET ${path}`, doc.headers());
    const dataUrl = path === "/admin" ? "/admin.data" : `${path}.data`;
    check(`GET ${dataUrl}`, (await page.request.get(dataUrl, { maxRedirects: 0 })).headers());
    // An action the route refuses (unknown intent) is still a console answer.
    const post = await page.request.post(path, { form: { intent: "no-such-intent" }, maxRedirects: 0 });
    if (post.status() !== 405) check(`POST ${path} (${post.status()})`, post.headers());
  }
  expect(wrong).toEqual([]);
  await context.close();
});
