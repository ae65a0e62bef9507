import fs from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";

/**
 * Every address of the site is built by core/paths.ts (docs/architecture.md "Code layout"). This reads the
 * code of app/, server/, core/ and cli/ (tests are free to spell the URLs they test) and names each string,
 * template or JSX text that begins with a path of the route table (`/video/…`, `/admin`, `/api/…`), so a
 * new one is written with a helper instead. `/` alone is every path's start, not only the home page's: it
 * is not looked for.
 */

const ROOTS = ["app", "server", "core", "cli"];
const MODULE = "core/paths.ts";

/** What may spell a site path, and why. Each entry must still match something (a stale one fails too). */
const ALLOWED: { file: string; text: string; why: string }[] = [
  {
    file: "core/redirect-to.ts",
    text: "/login",
    why: "the redirect rule refuses the sign-in page by its spelling; core/paths.ts builds on the rule",
  },
  { file: "core/redirect-to.ts", text: "/login/", why: "the same, with the trailing slash the router also accepts" },
  { file: "core/redirect-to.ts", text: "/api/", why: "the same rule refuses every endpoint, not only today's" },
  {
    file: "server/auth/auth.ts",
    text: "/api/auth",
    why: "the auth library's own mount, served by the HTTP layer (server/http/app.ts), never linked",
  },
  {
    file: "app/routes/home.tsx",
    text: "/category/:categoryName",
    why: "a contract names its route's pattern for the sitemap (core/route-contract.ts), as app/routes.ts declares it",
  },
];

/** The first segments of the route table's paths (`video`, `admin`, `robots.txt`, …). */
function leadSegments(entries: RouteConfigEntry[], prefix = ""): Set<string> {
  const leads = new Set<string>();
  for (const entry of entries) {
    const full = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    // A localized page's optional language segment (app/routes.ts) comes first: its own first segment follows.
    const lead = full.split("/").find((segment) => segment !== ":lang?");
    if (lead && lead !== "*") leads.add(lead);
    if (entry.children) for (const child of leadSegments(entry.children, full)) leads.add(child);
  }
  return leads;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SITE_PATH = new RegExp(`^/(?:${[...leadSegments(routeConfig)].map(escapeRegExp).join("|")})(?=[/?#]|$)`);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

const SKIPPED_KEYS = new Set(["loc", "start", "end", "extra", "comments", "leadingComments", "trailingComments", "innerComments"]);

/** The literal texts of `file` (strings, the parts of templates, JSX text) that begin with a site path. */
function siteLiterals(file: string): Finding[] {
  const ast = parse(fs.readFileSync(file, "utf8"), { sourceType: "module", plugins: ["typescript", "jsx"] });
  const found: Finding[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== "object") return;
    const n = node as { type?: string; value?: unknown; loc?: { start: { line: number } } };
    const text =
      n.type === "StringLiteral"
        ? n.value
        : n.type === "TemplateElement"
          ? (n.value as { cooked?: string }).cooked
          : n.type === "JSXText"
            ? String(n.value).trim()
            : undefined;
    if (typeof text === "string" && SITE_PATH.test(text)) found.push({ file, line: n.loc?.start.line ?? 0, text });
    for (const [key, value] of Object.entries(node)) if (!SKIPPED_KEYS.has(key)) visit(value);
  };
  visit(ast.program);
  return found;
}

describe("site paths are built by core/paths.ts", () => {
  const findings = ROOTS.flatMap(sourceFiles)
    .filter((file) => file !== MODULE)
    .flatMap(siteLiterals);
  const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && a.text === f.text);

  it("knows the route table's paths", () => {
    for (const sample of ["/video/x", "/admin", "/api/views", "/playlists?x", "/robots.txt"]) expect(sample).toMatch(SITE_PATH);
    for (const sample of ["/", "/media/x", "/assets/a.js", "/age-check-still.svg", "/healthz", "/privacy-policyx"])
      expect(sample).not.toMatch(SITE_PATH);
  });

  it("finds no site path spelled out elsewhere", () => {
    const spelled = findings.filter((f) => !allowed(f)).map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)}`);
    expect(spelled, "build these with core/paths.ts").toEqual([]);
  });

  it("allows nothing that is no longer there", () => {
    const stale = ALLOWED.filter((a) => !findings.some((f) => f.file === a.file && f.text === a.text));
    expect(stale).toEqual([]);
  });
});
