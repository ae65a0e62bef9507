import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { newVisitor, outbox, setRole, signInOverHttp, testVideo, uniqueEmail } from "../support/account-session";
import { formTokenIn } from "../support/form-token";
import { expect, test } from "./support";

/**
 * Issue 32 item 3 against the built server (no SITE_URL, as `npm start` runs): a request naming a host the site does
 * not serve, in Host or in X-Forwarded-Host, gets 400 before anything is rendered, cached or mailed; the admins'
 * mail about a report links to the site's own origin whatever the request said.
 */

function send(
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

test("a Host or X-Forwarded-Host the site does not serve gets 400, and never reaches a page or a mail", async ({ browser, baseURL }) => {
  // An admin, so that a hiding report is mailed to someone.
  const admin = await newVisitor(browser, baseURL, { baseURL });
  const adminEmail = uniqueEmail("hosts-admin");
  await signInOverHttp(admin.context.request, adminEmail, admin.ip);
  await setRole(baseURL, adminEmail, "admin");
  await admin.context.close();
  const own = new URL(baseURL as string).host;
  const cookie = "ageVerified=true";
  expect((await send(`${baseURL}/`, { headers: { host: own, cookie } })).status).toBe(200);
  expect((await send(`${baseURL}/`, { headers: { host: `localhost:${new URL(baseURL as string).port}`, cookie } })).status).toBe(200);
  const hostile: Record<string, string>[] = [
    { host: "evil.example" },
    { host: own, "x-forwarded-host": "evil.example" },
    { host: own, "x-forwarded-host": `${own}, evil.example` },
  ];
  for (const headers of hostile) {
    for (const target of ["/", "/robots.txt", "/sitemap.xml", "/login"]) {
      const res = await send(`${baseURL}${target}`, { headers: { ...headers, cookie } });
      expect(res.status, `${target} ${JSON.stringify(headers)}`).toBe(400);
      expect(res.body).not.toContain("evil.example");
    }
  }

  // A report that hides its video, sent naming another host: refused, nothing mailed. The same report from the
  // site's own name is received, and the admins' mail links to the site's own origin.
  const videoId = await testVideo(baseURL);
  const page = await send(`${baseURL}/report?video=${videoId}`, { headers: { host: own, cookie } });
  const form = (formToken: string) => new URLSearchParams({ reason: "minor", details: "Host test.", formToken }).toString();
  const type = { "content-type": "application/x-www-form-urlencoded", cookie };
  const refused = await send(`${baseURL}/report?video=${videoId}`, {
    method: "POST",
    headers: { ...type, host: own, "x-forwarded-host": "evil.example" },
    body: form(formTokenIn(page.body)),
  });
  expect(refused.status).toBe(400);
  const sent = await send(`${baseURL}/report?video=${videoId}`, {
    method: "POST",
    headers: { ...type, host: own },
    body: form(formTokenIn(page.body)),
  });
  expect(sent.status).toBe(200);
  const reference = /R-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(sent.body)?.[0] as string;
  expect(reference).toBeTruthy();
  const dir = outbox();
  const mails = fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(reference));
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    expect(mail).not.toContain("evil.example");
    expect(mail).toContain(`http://localhost:${new URL(baseURL as string).port}/admin/reports`);
  }
});
