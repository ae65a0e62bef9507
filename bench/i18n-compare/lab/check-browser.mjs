// Hydration check in Chromium: each variant's build served on loopback; the form page in de and ar must hydrate
// without a console error, format the plural on the client as the user types, and a client-side navigation to
// the listing must bring that route's messages (Paraglide: the route's chunk; i18next and react-intl: its loader data).
// Usage: NODE_ENV=production node check-browser.mjs   (Chromium at $CHROMIUM_PATH or /usr/bin/chromium)
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";
import { LANGS, loadVariant, pageUrl, VARIANTS } from "./pages.mjs";

const PORT = 4571;
const EXPECT = { en: ["2 characters left", "Popular videos"], de: ["Noch 2 Zeichen", "Beliebte Videos"], ar: ["تبقّى حرفان", "الفيديوهات الشائعة"] };
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
let failures = 0;
for (const name of VARIANTS) {
  const v = await loadVariant(name);
  const server = http.createServer(async (req, res) => {
    const file = path.join(v.clientDir, req.url);
    if (req.url.startsWith("/assets/") && fs.existsSync(file)) {
      res.writeHead(200, { "content-type": "text/javascript" });
      return res.end(fs.readFileSync(file));
    }
    if (!/\/(listing|form|__manifest)(\?|$|\.data)/.test(req.url)) {
      res.writeHead(404);
      return res.end();
    }
    const r = await v.handler(new Request(`http://127.0.0.1:${PORT}${req.url}`, { headers: req.headers }));
    res.writeHead(r.status, Object.fromEntries(r.headers));
    res.end(Buffer.from(await r.arrayBuffer()));
  });
  await new Promise((ok) => server.listen(PORT, "127.0.0.1", ok));
  for (const lang of name === "baseline" ? ["en"] : LANGS.filter((l) => l !== "en")) {
    const page = await browser.newPage();
    const errors = [];
    page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(pageUrl(name, "form", lang).replace("localhost", `127.0.0.1:${PORT}`), { waitUntil: "networkidle" });
    await page.fill("textarea", "x".repeat(1998));
    const counter = await page.textContent("p[aria-live]");
    await page.click("header a >> nth=0"); // the logo's <Link> to the listing: a client-side navigation
    await page.waitForURL(/listing/);
    await page.waitForFunction((t) => document.querySelector("h1")?.textContent === t, EXPECT[lang][1], { timeout: 5000 }).catch(() => {});
    const h1 = await page.textContent("h1");
    const ok = counter === EXPECT[lang][0] && h1 === EXPECT[lang][1] && errors.length === 0;
    if (!ok) failures++;
    console.log(`${ok ? "ok  " : "FAIL"} ${name.padEnd(15)} ${lang}  typed: «${counter}»  navigated: «${h1}»  ${errors.join(" | ")}`);
    await page.close();
  }
  await new Promise((ok) => server.close(ok));
}
await browser.close();
process.exit(failures ? 1 : 0);
