import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inputBoundary, LINGER, MAX_URL_LENGTH, unreadableUrl } from "./input-boundary";

describe("unreadableUrl", () => {
  it.each([
    "/",
    "/category/big-tits?page=2",
    "/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/search?q=caf%C3%A9+au+lait",
    "/search?q=%F0%9F%98%80%E2%80%AE%E2%80%8B",
    "/blog/post-1?utm_source=x&page[]=1",
    "/search?q=100%25",
    `/search?q=${"x".repeat(5000)}`,
  ])("reads %s", (url) => {
    expect(unreadableUrl(url)).toBeNull();
  });

  it.each([
    ["/category/%00", "control character"],
    ["/blog/a%00b", "control character"],
    ["/search?q=%00", "control character"],
    ["/search?q=a%0Ab", "control character"],
    ["/search?q=%7F", "control character"],
    ["/category/%", "malformed encoding"],
    ["/search?q=%", "malformed encoding"],
    ["/search?q=%zz", "malformed encoding"],
    ["/category/%ff", "malformed encoding"],
    ["/category/%c0%af", "malformed encoding"],
    ["/video/%ed%a0%80", "malformed encoding"],
    [`/search?q=${"x".repeat(MAX_URL_LENGTH)}`, "too long"],
  ])("refuses %s (%s)", (url, reason) => {
    expect(unreadableUrl(url)).toBe(reason);
  });
});

describe("inputBoundary middleware", () => {
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    const app = express();
    app.use(inputBoundary());
    // A refusal that never reads the body, as the console's 404 to a visitor or a size limit answers.
    app.post("/refuse", (_req, res) => {
      res.status(413).send("too large");
    });
    app.use((req, res) => {
      res.send(`reached ${req.path}`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** A raw request: the path goes on the wire exactly as given (fetch would normalise it). */
  function get(path: string, method = "GET"): Promise<{ status: number; type: string; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .request({ host: "127.0.0.1", port, path, method }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c) => {
            body += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }));
        })
        .on("error", reject)
        .end();
    });
  }

  it("passes readable URLs through", async () => {
    expect(await get("/category/amateur?page=2")).toMatchObject({ status: 200, body: "reached /category/amateur" });
  });

  it("answers 405 for methods the Fetch API cannot represent", async () => {
    expect((await get("/contact", "TRACE")).status).toBe(405);
    expect((await get("/", "TRACK")).status).toBe(400); // Node's parser refuses it before Express
    expect((await get("/", "PROPFIND")).status).toBe(200); // left to the routes
  });

  it("answers 400 with a short page that does not echo the URL", async () => {
    for (const path of ["/category/%00", "/search?q=%3Cscript%3E%00", "/blog/%c0%af", "/%"]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.type).toBe("text/html; charset=utf-8");
      expect(res.body).toContain("Bad request");
      expect(res.body).not.toContain("script");
    }
  });

  /**
   * Posts `chunks` of 128 KB a few milliseconds apart: the answer, how many chunks had gone out when it came, and
   * the client's error if a write failed.
   */
  function postSlowly(chunks: number): Promise<{ status: number; body: string; sentBeforeAnswer: number; error: string | null }> {
    return new Promise((resolve) => {
      let sent = 0;
      let sentBeforeAnswer = -1;
      let body = "";
      const req = http.request({
        host: "127.0.0.1",
        port,
        path: "/refuse",
        method: "POST",
        headers: { "content-length": chunks * 131_072 },
      });
      req.on("response", (res) => {
        sentBeforeAnswer = sent;
        res.setEncoding("utf8");
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer, error: null }));
      });
      req.on("error", (err) => resolve({ status: 0, body, sentBeforeAnswer, error: (err as NodeJS.ErrnoException).code ?? String(err) }));
      const next = () => {
        if (sent === chunks) return void req.end();
        sent++;
        req.write(Buffer.alloc(131_072, 120), () => setTimeout(next, 5));
      };
      next();
    });
  }

  it("reads the rest of a body it refused unread, so a client still sending gets its answer, then closes", async () => {
    const answer = await postSlowly(24); // 3 MB, over about a tenth of a second
    expect(answer).toEqual({ status: 413, body: "too large", sentBeforeAnswer: 24, error: null });
  });

  it("stops reading past the linger bound: the answer goes out before the rest of the body", async () => {
    const chunks = Math.ceil(LINGER.bytes / 131_072) + 24;
    const answer = await postSlowly(chunks);
    expect(answer.sentBeforeAnswer).toBeGreaterThan(0);
    expect(answer.sentBeforeAnswer).toBeLessThan(chunks);
  });
});
