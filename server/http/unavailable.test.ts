import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathsIn } from "../../core/paths";
import { site } from "../../core/site";
import { markDatabaseAvailable, markDatabaseUnavailable } from "../db/availability";
import { unavailableResponse, whileDatabaseDown } from "./unavailable";

/** The page a request for `path` gets while the database is down, through Express as app.ts has it. */
let server: http.Server;
let port = 0;
function get(path: string): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"], body }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  const app = express();
  app.use(whileDatabaseDown());
  app.use((_req, res) => {
    res.status(200).send("up");
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  markDatabaseUnavailable("test");
});

afterAll(async () => {
  markDatabaseAvailable();
  await new Promise((resolve) => server.close(resolve));
});

describe("the 503 page of a database outage", () => {
  it("keeps its English at the English addresses", async () => {
    const page = await get(pathsIn("en").video("x"));
    expect([page.status, page.retryAfter]).toEqual([503, "5"]);
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain(`<title>We'll be right back | ${site.name}</title>`);
    expect(page.body).toContain("<h1>We'll be right back</h1>");
    expect(page.body).toContain(`<p>${site.name} is briefly unavailable. This page reloads by itself in a few seconds.</p>`);
    expect(page.body).toContain('<a href="">Reload now</a>');
  });

  it("speaks German at a German address", async () => {
    const page = await get(pathsIn("de").video("x"));
    expect(page.status).toBe(503);
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain("<h1>Gleich wieder da</h1>");
    expect(page.body).toContain(
      `<p>${site.name} ist kurz nicht erreichbar. Diese Seite lädt sich in ein paar Sekunden von selbst neu.</p>`,
    );
    expect(page.body).toContain('<a href="">Jetzt neu laden</a>');
  });

  it("speaks Arabic, right to left, at an Arabic address, also when React Router's render answers it", async () => {
    const page = await unavailableResponse(new Request(`http://localhost${pathsIn("ar").search({ q: "x" })}`)).text();
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain(`<p>${site.name} غير متاح مؤقتًا. سيُعاد تحميل هذه الصفحة تلقائيًا بعد بضع ثوانٍ.</p>`);
    expect(page).toContain('<a href="">إعادة التحميل الآن</a>');
    expect((await get(pathsIn("ar").home())).body).toContain('<html lang="ar" dir="rtl">');
  });
});
