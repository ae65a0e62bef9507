import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditFindings } from "./audit";
import { atLeastMedium, dedupe, exceptionFor, type Finding, parseExceptions } from "./findings";
import { injectionFindings, serverErrorFindings, sqlmapRuns } from "./sqlmap";
import type { SqlmapTarget } from "./sqlmap-targets";
import { wapitiFindings } from "./wapiti";

const finding = (over: Partial<Finding>): Finding => ({
  scanner: "wapiti",
  as: "visitor",
  severity: "medium",
  category: "Cross Site Request Forgery",
  method: "POST",
  path: "/api/favorites",
  parameter: "",
  info: "",
  request: "",
  ...over,
});

describe("the exception list in docs/security.md", () => {
  it("is read from the table between the markers, backquotes dropped", () => {
    const doc = [
      "text | not a row",
      "<!-- scan-exceptions:start -->",
      "| Id | Scanner | Finding | Where | Why |",
      "|---|---|---|---|---|",
      "| X1 | wapiti | Cross Site Request Forgery | `*` | SameSite and Origin |",
      "| X2 | npm audit | some-package | `https://github.com/advisories/GHSA-1*` | dev only |",
      "<!-- scan-exceptions:end -->",
      "| X9 | wapiti | ignored | * | after the end |",
    ].join("\n");
    expect(parseExceptions(doc)).toEqual([
      { id: "X1", scanner: "wapiti", category: "Cross Site Request Forgery", where: "*", why: "SameSite and Origin" },
      { id: "X2", scanner: "npm audit", category: "some-package", where: "https://github.com/advisories/GHSA-1*", why: "dev only" },
    ]);
  });

  it("refuses a document without the table, and a row without a reason", () => {
    expect(() => parseExceptions("# Security")).toThrow(/no scan-exceptions table/);
    const doc =
      "<!-- scan-exceptions:start -->\n| Id | S | F | W | Why |\n|---|---|---|---|---|\n| X1 | wapiti | CSRF | * | |\n<!-- scan-exceptions:end -->";
    expect(() => parseExceptions(doc)).toThrow(/all five cells/);
  });

  it("the real document parses", () => {
    expect(parseExceptions(fs.readFileSync("docs/security.md", "utf8")).length).toBeGreaterThan(0);
  });
});

describe("matching a finding to an exception", () => {
  const exceptions = [
    { id: "X1", scanner: "wapiti", category: "Cross Site Request Forgery", where: "*", why: "-" },
    { id: "X2", scanner: "wapiti", category: "Internal Server Error", where: "/api/views", why: "-" },
    { id: "X3", scanner: "wapiti", category: "Reflected Cross Site Scripting", where: "/blog/*", why: "-" },
  ];
  it.each([
    [finding({}), "X1"],
    [finding({ category: "cross site request forgery", path: "/settings" }), "X1"],
    [finding({ category: "Internal Server Error", path: "/api/views" }), "X2"],
    [finding({ category: "Reflected Cross Site Scripting", path: "/blog/a/b" }), "X3"],
  ])("%o is covered by %s", (f, id) => {
    expect(exceptionFor(f, exceptions)?.id).toBe(id);
  });
  it.each([
    finding({ scanner: "sqlmap" }),
    finding({ category: "Internal Server Error", path: "/api/views/x" }),
    finding({ category: "Internal Server Error", path: "/api/viewsX" }),
    finding({ category: "Reflected Cross Site Scripting", path: "/blog" }),
    finding({ category: "SQL Injection" }),
  ])("%o is not covered (scanner, category and the whole path must match)", (f) => {
    expect(exceptionFor(f, exceptions)).toBeUndefined();
  });
  it("a glob is a glob, not a regular expression", () => {
    const dots = [{ id: "X4", scanner: "wapiti", category: "c", where: "/a.b(c)", why: "-" }];
    expect(exceptionFor(finding({ category: "c", path: "/a.b(c)" }), dots)?.id).toBe("X4");
    expect(exceptionFor(finding({ category: "c", path: "/aXb(c)" }), dots)).toBeUndefined();
  });
});

describe("severity and duplicates", () => {
  it("medium, high and critical count; low and info do not", () => {
    expect(
      ["info", "low", "medium", "high", "critical"].map((s) => atLeastMedium(finding({ severity: s as Finding["severity"] }))),
    ).toEqual([false, false, true, true, true]);
  });
  it("the same problem seen twice is listed once; another parameter or scan is another finding", () => {
    const list = [
      finding({}),
      finding({ request: "again" }),
      finding({ parameter: "x" }),
      finding({ as: "user" }),
      finding({ info: "other" }),
    ];
    expect(dedupe(list)).toHaveLength(4);
  });
});

describe("wapiti's JSON report", () => {
  it("vulnerabilities and anomalies become findings with wapiti's levels; additionals are left out", () => {
    const report = {
      vulnerabilities: {
        "Cross Site Scripting": [
          {
            method: "GET",
            path: "/search",
            info: "XSS in q",
            level: 2,
            parameter: "q",
            http_request: "GET /search?q=%3Cscript%3E HTTP/1.1",
          },
        ],
        "HTTP Secure Headers": [{ method: "GET", path: "/", info: "X-Frame-Options is not set", level: "1", parameter: "" }],
        "SQL Injection": [],
      },
      anomalies: { "Internal Server Error": [{ method: "POST", path: "/contact", info: "500", level: 3, parameter: "email" }] },
      additionals: { Fingerprint: [{ method: "GET", path: "/", info: "Express", level: 0 }] },
    };
    const found = wapitiFindings(report, "admin");
    expect(found.map((f) => [f.category, f.severity, f.path, f.parameter, f.as])).toEqual([
      ["Cross Site Scripting", "medium", "/search", "q", "admin"],
      ["HTTP Secure Headers", "low", "/", "", "admin"],
      ["Internal Server Error", "high", "/contact", "email", "admin"],
    ]);
    expect(found[0]?.request).toBe("GET /search?q=%3Cscript%3E HTTP/1.1");
  });
  it("an unknown level counts as medium, so it is looked at", () => {
    expect(wapitiFindings({ vulnerabilities: { X: [{ level: "?" }] } }, "visitor")[0]?.severity).toBe("medium");
  });
});

describe("sqlmap's output", () => {
  const target: SqlmapTarget = { name: "search", as: "visitor", url: "http://127.0.0.1:3811/search.data?q=a", params: ["q"] };
  it("an identified injection point is a high finding with its payload", () => {
    const log = [
      "[INFO] GET parameter 'q' is 'PostgreSQL AND boolean-based blind' injectable",
      "sqlmap identified the following injection point(s) with a total of 52 HTTP(s) requests:",
      "---",
      "Parameter: q (GET)",
      "    Type: boolean-based blind",
      "    Title: AND boolean-based blind - WHERE or HAVING clause",
      "    Payload: q=a' AND 1=1-- x",
      "",
      "Parameter: page (GET)",
      "    Type: time-based blind",
      "    Payload: page=1 AND 1=(SELECT 1 FROM PG_SLEEP(2))",
      "---",
    ].join("\n");
    const found = injectionFindings(log, target);
    expect(found.map((f) => [f.severity, f.category, f.path, f.parameter, f.request])).toEqual([
      ["high", "SQL injection", "/search.data", "q (GET)", "q=a' AND 1=1-- x"],
      ["high", "SQL injection", "/search.data", "page (GET)", "page=1 AND 1=(SELECT 1 FROM PG_SLEEP(2))"],
    ]);
  });
  it("nothing identified, nothing found", () => {
    expect(injectionFindings("[ERROR] all tested parameters do not appear to be injectable.", target)).toEqual([]);
  });
  it("a 500 met under the payloads is a medium finding with the request from the traffic file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlmap-traffic-"));
    const traffic = path.join(dir, "traffic.txt");
    fs.writeFileSync(
      traffic,
      [
        "HTTP request [#1]:\nGET /search.data?q=a HTTP/1.1\nHost: x\n\nHTTP response [#1] (200 OK):\nok\n",
        "HTTP request [#2]:\nGET /search.data?q=a%27 HTTP/1.1\nHost: x\n\nHTTP response [#2] (500 Internal Server Error):\nboom\n",
      ].join("\n\n############\n\n"),
    );
    const log = "[WARNING] HTTP error codes detected during run:\n500 (Internal Server Error) - 1 times";
    const found = serverErrorFindings(log, traffic, target);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "medium", path: "/search.data", request: "GET /search.data?q=a%27 HTTP/1.1\nHost: x" });
    expect(serverErrorFindings("[WARNING] HTTP error codes detected during run:\n400 (Bad Request) - 9 times", traffic, target)).toEqual(
      [],
    );
    fs.rmSync(dir, { recursive: true });
  });
  it("a row with a path marker runs as the path alone, then as its parameters", () => {
    const row: SqlmapTarget = { name: "video", as: "visitor", url: "http://h/video/1*.data?comments=5", params: ["comments"] };
    expect(sqlmapRuns(row)).toEqual([
      { name: "video (path)", as: "visitor", url: "http://h/video/1*.data?comments=5", params: [] },
      { name: "video", as: "visitor", url: "http://h/video/1.data?comments=5", params: ["comments"] },
    ]);
    expect(sqlmapRuns(target)).toEqual([target]);
  });
});

describe("npm audit's JSON", () => {
  it("one finding per vulnerable package, moderate read as medium, with its advisories", () => {
    const found = auditFindings({
      a: {
        name: "a",
        severity: "moderate",
        range: "<1.2.3",
        via: [{ title: "Prototype pollution", url: "https://github.com/advisories/GHSA-x", range: "<1.2.3" }],
      },
      b: { name: "b", severity: "high", range: "*", via: ["a"] },
    });
    expect(found.map((f) => [f.category, f.severity, f.path])).toEqual([
      ["a", "medium", "https://github.com/advisories/GHSA-x"],
      ["b", "high", "via a"],
    ]);
  });
});
