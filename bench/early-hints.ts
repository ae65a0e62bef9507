// `npm run bench:early-hints [-- --out NAME]`: whether 103 Early Hints would reach a browser, directly and through
// the nginx of docs/deploy/nginx-site.conf (issue 35 item 1: "103 Early Hints where they help; say what nginx
// passes"). A tiny upstream answers a page with a 103 naming its image, then the 200 after HOLD_MS, as a render
// would; each probe reports when the image was asked for, measured from the page's request.
// - Chromium straight to the upstream (HTTP/1.1, as Lighthouse and the bench reach the app);
// - a raw HTTP/1.1 client through nginx (the site file as written, `listen 80`): the status lines it receives;
// - Chromium through nginx over TLS and HTTP/2 (the site file with `listen … ssl http2`, as production would serve);
// - Chromium straight to the same upstream served over TLS and HTTP/2 by Node itself: what a front that passes 103
//   on would give.
// Findings in docs/benchmarks.md "Issue 35: 103 Early Hints, measured".
import "./lib/quiet";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { nginxConfig } from "../tests/support/scale-out";
import { onCleanup, runScript, trackChild } from "./lib/cleanup";

const ROOT = path.resolve(import.meta.dirname, "..");
/** How long the upstream holds the 200 after its 103: a slow render, long enough to tell the two apart. */
const HOLD_MS = 400;

interface Upstream {
  port: number;
  /** The same answers over TLS and HTTP/2 (node:http2). */
  h2Port: number;
  /** Milliseconds from the page's request to the image's, or null when the image was not asked for. */
  imageAfter(): number | null;
  reset(): void;
}

async function startUpstream(certificate: { key: Buffer; cert: Buffer }): Promise<Upstream> {
  let pageAt = 0;
  let imageAt: number | null = null;
  // What both node:http and node:http2 (its compatibility API) offer; the one handler serves both.
  type Answer = {
    writeHead(status: number, headers?: Record<string, string>): unknown;
    writeEarlyHints(hints: Record<string, string | string[]>): void;
    end(body: string): unknown;
  };
  const handler = (req: { url?: string }, res: Answer) => {
    if (req.url !== "/" && !req.url?.startsWith("/hinted.svg")) {
      res.writeHead(404);
      res.end(""); // the favicon: not the page
      return;
    }
    if (req.url.startsWith("/hinted.svg")) {
      imageAt ??= performance.now(); // the first time: a hint used, or the <img>
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=60" });
      res.end('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
      return;
    }
    pageAt = performance.now();
    res.writeEarlyHints({ link: "</hinted.svg>; rel=preload; as=image" });
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end('<!doctype html><title>hinted</title><img src="/hinted.svg" alt="">');
    }, HOLD_MS);
  };
  const listen = (server: net.Server, name: string) =>
    new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => {
        onCleanup(name, () => new Promise((done) => server.close(() => done())));
        resolve((server.address() as net.AddressInfo).port);
      }),
    );
  const port = await listen(http.createServer(handler), "upstream");
  const h2Port = await listen(http2.createSecureServer(certificate, handler), "upstream (http2)");
  return {
    port,
    h2Port,
    imageAfter: () => (imageAt === null ? null : Math.round(imageAt - pageAt)),
    reset: () => {
      imageAt = null;
    },
  };
}

/** A throwaway self-signed certificate in `dir` (openssl, as Debian has it). */
function makeCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", cert],
    {
      stdio: "ignore",
    },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx with the site file, its listen line made TLS and HTTP/2 with the certificate in `tlsDir`, or left plain. */
async function startNginx(dir: string, upstreamPort: number, tlsDir: string | null): Promise<number> {
  const port = await freePort();
  fs.writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, port, [`127.0.0.1:${upstreamPort}`]));
  if (tlsDir) {
    const site = path.join(dir, "site.conf");
    fs.writeFileSync(
      site,
      fs
        .readFileSync(site, "utf8")
        .replace(
          `listen 127.0.0.1:${port};`,
          `listen 127.0.0.1:${port} ssl http2; ssl_certificate ${tlsDir}/cert.pem; ssl_certificate_key ${tlsDir}/key.pem;`,
        ),
    );
  }
  const child = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  trackChild(`nginx${tlsDir ? " (tls)" : ""}`, child);
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) =>
      net
        .connect(port, "127.0.0.1")
        .once("connect", function (this: net.Socket) {
          this.destroy();
          resolve(true);
        })
        .once("error", () => resolve(false)),
    );
    if (up) return port;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not listen on ${port}: ${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`);
}

/**
 * What an HTTP/1.1 client receives for GET / on `port`: the status lines in order, and whether the answer ended
 * (read for up to 3 s after its first byte: a response without a length ends only when the connection closes).
 */
function http1Answer(port: number): Promise<{ statusLines: string[]; ended: boolean; finalFromNginx: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let ended = false;
    const settle = () => {
      const statusLines = text.split("\r\n").filter((line) => /^HTTP\/1\.[01] \d{3}/.test(line));
      // nginx names itself on every response it makes; a final answer without its Server header is the upstream's bytes.
      const final = text.slice(text.lastIndexOf("HTTP/1.1 "));
      resolve({ statusLines, ended, finalFromNginx: /\r\nServer: nginx/i.test(final.slice(0, final.indexOf("\r\n\r\n"))) });
    };
    const giveUp = setTimeout(() => socket.destroy(), 15_000);
    socket.on("connect", () => socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    socket.once("data", () => {
      clearTimeout(giveUp);
      setTimeout(() => socket.destroy(), 3000);
    });
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("end", () => {
      ended = true;
    });
    socket.on("error", reject);
    socket.on("close", settle);
  });
}

/** How many fresh browsers load each address: Chromium acts on a hint in most loads, not in every one. */
const LOADS = 5;

/** Chromium loads `url` LOADS times, each in a fresh browser: whether it loads, and when the image was asked for. */
async function browserProbe(url: string, upstream: Upstream): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    upstream.reset();
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--ignore-certificate-errors"] });
    try {
      const page = await browser.newPage();
      const error = await page.goto(url, { waitUntil: "load", timeout: 10_000 }).then(
        () => null,
        (err: Error) => err.message.split("\n")[0],
      );
      if (error) return `the page fails to load: ${error}`;
      times.push(upstream.imageAfter() ?? Number.NaN);
    } finally {
      await browser.close();
    }
  }
  const early = times.filter((ms) => ms < HOLD_MS).length;
  return `the image is asked for ${times.join(" / ")} ms after the page (its 200 at ${HOLD_MS} ms): before the 200, by the hint, in ${early} of ${LOADS} loads`;
}

function relayReport(answer: { statusLines: string[]; ended: boolean; finalFromNginx: boolean }): string {
  const lines = answer.statusLines.map((line) => `\`${line}\``).join(", then ") || "nothing";
  const relayed = answer.statusLines.length > 1 && !answer.finalFromNginx;
  return (
    `status lines: ${lines}` +
    (relayed ? "; the last has none of nginx's headers: it is the upstream's answer passed on as the body of the 103" : "") +
    (answer.ended ? "" : "; the answer had not ended 3 s after its first byte")
  );
}

async function main(): Promise<void> {
  const out = process.argv.includes("--out") ? process.argv[process.argv.indexOf("--out") + 1] : null;
  execFileSync("bash", ["scripts/ensure-debian-tools.sh", "chromium", "nginx"], { cwd: ROOT, stdio: "inherit" });
  const nginxVersion = execFileSync("sh", ["-c", "nginx -v 2>&1"], { encoding: "utf8" }).trim(); // nginx prints it on stderr
  const dir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `early-hints-${name}-`));
  const tlsDir = dir("tls");
  const upstream = await startUpstream(makeCertificate(tlsDir));
  const plainPort = await startNginx(dir("plain"), upstream.port, null);
  const tlsPort = await startNginx(tlsDir, upstream.port, tlsDir);

  const rows = [
    ["Chromium to the app directly, HTTP/1.1", await browserProbe(`http://127.0.0.1:${upstream.port}/`, upstream)],
    ["an HTTP/1.1 client through nginx (the site file as written)", relayReport(await http1Answer(plainPort))],
    ["Chromium through nginx, TLS and HTTP/2", await browserProbe(`https://127.0.0.1:${tlsPort}/`, upstream)],
    [
      "Chromium to the app over TLS and HTTP/2 (node:http2, no nginx)",
      await browserProbe(`https://127.0.0.1:${upstream.h2Port}/`, upstream),
    ],
  ];
  const lines = [
    `# 103 Early Hints ${new Date().toISOString().slice(0, 10)}`,
    "",
    `\`npm run bench:early-hints\` · ${nginxVersion} · Chromium ${execFileSync("/usr/bin/chromium", ["--version"], { encoding: "utf8" }).trim()} · the upstream sends \`103\` with \`Link: </hinted.svg>; rel=preload; as=image\`, then the page after ${HOLD_MS} ms`,
    "",
    "| path | what happens |",
    "|---|---|",
    ...rows.map(([what, result]) => `| ${what} | ${result} |`),
    "",
  ];
  process.stdout.write(lines.join("\n"));
  if (out) fs.writeFileSync(path.join(ROOT, "bench/results", `${out}.md`), lines.join("\n"));
}

runScript(main);
