import type { Finding } from "./findings";
import { AGE_COOKIE, type Session } from "./sessions";
import type { SqlmapTarget } from "./sqlmap-targets";

/**
 * Two checks of the attacker's checklist that the scanners do not make: wapiti's redirect module only tries
 * full URLs, and its csrf module only looks for token fields. Each probe is a table of hostile variants.
 */

/** Targets a browser reads as another origin once it has normalised them (WHATWG URL, as in browsers). */
export const HOSTILE_TARGETS = [
  "https://evil.example/x",
  "//evil.example/x",
  "///evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  "/.//evil.example/x",
  "/./\\evil.example/x",
  "/..//evil.example/x",
  "/%2F/evil.example/x",
  "/%5Cevil.example/x",
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "/\r/evil.example/x",
  "\t//evil.example/x",
  "/ //evil.example/x",
];

const leavesSite = (location: string | null, origin: string) => {
  if (!location) return false;
  try {
    return new URL(location, `${origin}/start`).origin !== origin;
  } catch {
    return false;
  }
};

const finding = (as: string, method: string, path: string, parameter: string, info: string, request: string): Finding => ({
  scanner: "probe",
  as,
  severity: "medium",
  category: "Open redirect",
  method,
  path,
  parameter,
  info,
  request,
});

/** Every place that redirects to an address the request names, with each hostile target. */
export async function redirectProbes(origin: string, user: Session, videoId: string): Promise<Finding[]> {
  const found: Finding[] = [];
  const cookie = `${user.cookie}; ${AGE_COOKIE}`;
  const form = { "content-type": "application/x-www-form-urlencoded" };
  for (const target of HOSTILE_TARGETS) {
    const query = `/login?redirectTo=${encodeURIComponent(target)}`;
    const login = await fetch(`${origin}${query}`, { headers: { cookie }, redirect: "manual" });
    if (leavesSite(login.headers.get("location"), origin))
      found.push(
        finding(
          "user",
          "GET",
          "/login",
          "redirectTo",
          `signed in, answered ${login.status} Location: ${login.headers.get("location")}`,
          `GET ${query}\nCookie: <session>`,
        ),
      );
    const body = new URLSearchParams({ videoId, favorite: "true", redirectTo: target }).toString();
    const fav = await fetch(`${origin}/api/favorites`, {
      method: "POST",
      headers: { ...form, cookie, accept: "text/html" },
      body,
      redirect: "manual",
    });
    if (leavesSite(fav.headers.get("location"), origin))
      found.push(
        finding(
          "user",
          "POST",
          "/api/favorites",
          "redirectTo",
          `answered ${fav.status} Location: ${fav.headers.get("location")}`,
          `POST /api/favorites\nCookie: <session>\n\n${body}`,
        ),
      );
    // The age gate sends the visitor back to the page it was shown on (Referer), e.g. a 404 page at a
    // hostile path that an attacker linked to. A header cannot carry a line break: those rows are skipped.
    if (/[\r\n]/.test(target)) continue;
    const referer = `${origin}${target.startsWith("/") ? target : `/${target}`}`;
    const gate = await fetch(`${origin}/age-verification`, {
      method: "POST",
      headers: { ...form, referer },
      body: "answer=adult",
      redirect: "manual",
    });
    if (leavesSite(gate.headers.get("location"), origin))
      found.push(
        finding(
          "visitor",
          "POST",
          "/age-verification",
          "Referer",
          `the age gate shown on ${JSON.stringify(referer.slice(origin.length))} answered ${gate.status} Location: ${gate.headers.get("location")}`,
          `POST /age-verification\nReferer: ${referer}\n\nanswer=adult`,
        ),
      );
  }
  return found;
}

/**
 * Every POST the site takes, sent as another site's page would send it (Origin of that site, the
 * session cookie a browser would attach if SameSite allowed it): each must be refused (4xx) before it acts.
 * The last rows end the session, so they run last.
 */
export async function crossSiteProbes(
  origin: string,
  targets: SqlmapTarget[],
  sessions: { user: Session; admin: Session },
): Promise<Finding[]> {
  const posts = [
    ...targets.filter((t) => t.data !== undefined).map((t) => ({ as: t.as, url: t.url.replace("*", ""), data: t.data as string })),
    { as: "visitor" as const, url: `${origin}/age-verification`, data: "answer=adult" },
    { as: "visitor" as const, url: `${origin}/login`, data: "intent=request-code&email=cross-site-probe%40example.com&redirectTo=%2F" },
    { as: "user" as const, url: `${origin}/settings/export`, data: "" },
    { as: "user" as const, url: `${origin}/logout`, data: "" },
  ];
  const found: Finding[] = [];
  for (const post of posts) {
    const cookie = post.as === "visitor" ? AGE_COOKIE : `${sessions[post.as].cookie}; ${AGE_COOKIE}`;
    const res = await fetch(post.url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        cookie,
        "x-forwarded-for": "10.97.0.1",
      },
      body: post.data,
      redirect: "manual",
    });
    await res.arrayBuffer();
    if (res.status < 400) {
      const path = new URL(post.url).pathname;
      found.push({
        scanner: "probe",
        as: post.as,
        severity: "medium",
        category: "Cross-site POST accepted",
        method: "POST",
        path,
        parameter: "Origin",
        info: `answered ${res.status}${res.headers.get("set-cookie") ? " with Set-Cookie" : ""}${res.headers.get("location") ? `, Location: ${res.headers.get("location")}` : ""} to a POST from https://evil.example`,
        request: `POST ${path}\nOrigin: https://evil.example\nSec-Fetch-Site: cross-site\nCookie: ${post.as === "visitor" ? AGE_COOKIE : "<session>"}\n\n${post.data}`,
      });
    }
  }
  return found;
}
