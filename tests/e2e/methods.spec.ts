import { startApp } from "../support/app-process";
import { expect, test } from "./support";

/**
 * Issue 32 item 5: every route of the route table with every method. What a route takes gets its own answer
 * (never a 500); what it does not take gets 405 with `Allow` naming what it does (404 on the catch-all and in the
 * console, which is not advertised), from the HTTP layer (server/http/methods.ts), and nothing of it reaches the
 * error log: a stranger must not be able to fill it.
 */

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

/** A path for the pattern: ids as a well-formed uuid nobody has, names as a word, the catch-all as an unknown path. */
function pathOf(pattern: string): string {
  return pattern
    .split("/")
    .map((part) => (part === "*" ? "no-such-page" : part.startsWith(":") ? (/id$/i.test(part) ? SAMPLE_ID : "sample") : part))
    .join("/");
}

test("every route answers every method with its own answer or 405 + Allow, and logs none of them as an error", async () => {
  test.setTimeout(240_000);
  const app = await startApp();
  try {
    const table = (await (await fetch(`${app.origin}/__test/route-table`)).json()) as {
      pattern: string;
      access: string;
      methods: string[];
    }[];
    expect(table.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of table) {
      const url = `${app.origin}${pathOf(route.pattern)}`;
      for (const method of METHODS) {
        const res = await fetch(url, { method, redirect: "manual", headers: { cookie: "ageVerified=true" } });
        await res.arrayBuffer();
        const where = `${method} ${route.pattern}: ${res.status}`;
        if (res.status >= 500) failures.push(`${where} (a 500 is always a bug)`);
        if (route.methods.includes(method)) continue;
        const hidden = route.pattern.endsWith("*") || route.access === "admin";
        if (hidden && res.status !== 404) failures.push(`${where}, expected 404`);
        if (!hidden && (res.status !== 405 || res.headers.get("allow") !== route.methods.join(", ")))
          failures.push(`${where} Allow: ${res.headers.get("allow")}, expected 405 Allow: ${route.methods.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
    const errors = app
      .log()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
    expect(app.log()).toContain('"msg":"method not allowed"');
  } finally {
    await app.stop();
  }
});
