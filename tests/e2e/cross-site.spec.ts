import { expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { paths } from "../../core/paths";
import { signedInWithRole } from "../support/account-session";

/**
 * The cross-site rule (server/http/cross-site.ts) holds for every route: each path of app/routes.ts, and each
 * route the HTTP layer serves itself, takes a write that another site started (every method that may change
 * something, as a page post and as a `.data` fetcher post, from another origin, a sandboxed frame, a sibling
 * subdomain) only to refuse it with 403, even from a signed-in admin, whose session survives it all. A route
 * added to app/routes.ts is in this test without anyone adding it.
 */

const REFUSAL = "Cross-site request refused.";

/** Every path of the route config, parameters filled with a plausible value. */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path || entry.index ? [path || "/"] : [];
    return [...own, ...routePaths(entry.children ?? [], path)];
  });
}

const fill = (path: string) =>
  path
    .replace(/:[A-Za-z]*[iI]d\b/g, "00000000-0000-4000-8000-000000000000")
    .replace(/:[A-Za-z]+/g, "amateur")
    .replace("*", "no-such-page");

/** Routes the HTTP layer serves before React Router (server/http/app.ts). */
const HTTP_LAYER_PATHS = [
  paths.admin.uploads(),
  `${paths.admin.uploads()}/0123456789abcdef`,
  "/api/auth/callback/google",
  "/api/auth/sign-out",
  paths.api.adEvents(),
  "/media/videos/x/master.m3u8",
];

const FORGERIES: [string, Record<string, string>][] = [
  ["another site", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
  ["another site, old browser", { Origin: "https://evil.example" }],
  ["a sandboxed frame", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
  ["a sibling subdomain", { Origin: "http://ads.127.0.0.1.nip.io", "Sec-Fetch-Site": "same-site" }],
  ["a cross-site request without Origin", { "Sec-Fetch-Site": "cross-site" }],
];

test("every route refuses writes that another site started, with 403, even from a signed-in admin", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInWithRole(browser, baseURL, "admin");
  const pagePaths = routePaths(routes as RouteConfigEntry[]).map(fill);
  expect(pagePaths.length).toBeGreaterThan(40);
  const addresses = [...pagePaths, ...pagePaths.map((p) => (p === "/" ? "/_.data" : `${p}.data`)), ...HTTP_LAYER_PATHS];
  const accepted: string[] = [];
  for (const path of addresses) {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const [who, headers] of FORGERIES) {
        const res = await page.request.fetch(path, {
          method,
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          data: "intent=delete&confirm=DELETE&liked=true&content=forged",
          maxRedirects: 0,
        });
        if (res.status() !== 403 || (await res.text()) !== REFUSAL) accepted.push(`${method} ${path} from ${who}: ${res.status()}`);
      }
    }
  }
  expect(accepted).toEqual([]);
  // Nothing reached a route: the admin is still signed in (no sign-out, no deletion) and still an admin.
  await page.goto(paths.admin.dashboard());
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The same write from this site goes through (the rule refuses only what another site started).
  const own = await page.request.post(paths.api.favorites(), {
    form: { videoId: "00000000-0000-4000-8000-000000000000", favorite: "true" },
  });
  expect(own.status()).toBe(404);
  await context.close();
});
