// Server render cost: every variant's built server in one process, answering fake document Requests
// in-process (no sockets), complete HTML read. Rounds interleave the variants (order rotated each round) so
// all see the same moments of a shared machine; a round's figure is the process CPU time (user + system, all
// threads) over its block of requests divided by their count; the table shows the median round and its ratio
// to the baseline's median. Languages alternate request by request (en, de, ar; the baseline is English only).
// Usage: NODE_ENV=production [VARIANTS=a,b] node measure-render.mjs [--requests 2000] [--rounds 10] [--warmup 200] [--out render.json]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LANGS, loadVariant, PAGES, pageUrl, render, VARIANTS } from "./pages.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const OUT = process.argv.includes("--out") ? process.argv[process.argv.indexOf("--out") + 1] : "render.json";
const REQUESTS = arg("requests", 2000);
const ROUNDS = arg("rounds", 10);
const WARMUP = arg("warmup", 200);
const perRound = Math.ceil(REQUESTS / ROUNDS);

const variants = [];
for (const name of VARIANTS) variants.push({ name, ...(await loadVariant(name)) });
const urls = (v, page) => (v.name === "baseline" ? ["en"] : LANGS).map((lang) => pageUrl(v.name, page, lang));

async function block(v, page, n) {
  const list = urls(v, page);
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await render(v.handler, list[i % list.length]);
  const cpu = process.cpuUsage(cpu0);
  return { cpuUs: (cpu.user + cpu.system) / n, wallUs: Number(process.hrtime.bigint() - t0) / 1000 / n };
}

const started = Date.now();
for (const v of variants) for (const page of PAGES) await block(v, page, WARMUP);
const samples = {};
for (let r = 0; r < ROUNDS; r++) {
  const order = variants.map((_, i) => variants[(i + r) % variants.length]);
  for (const v of order) {
    for (const page of PAGES) {
      const s = await block(v, page, perRound);
      (samples[`${v.name} ${page}`] ??= []).push(s);
    }
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const rows = [];
for (const v of variants) {
  for (const page of PAGES) {
    const s = samples[`${v.name} ${page}`];
    const b = samples[`baseline ${page}`];
    const cpu = median(s.map((x) => x.cpuUs));
    rows.push({
      variant: v.name,
      page,
      cpuUs: Math.round(cpu),
      cpuMinUs: Math.round(Math.min(...s.map((x) => x.cpuUs))),
      cpuMaxUs: Math.round(Math.max(...s.map((x) => x.cpuUs))),
      wallUs: Math.round(median(s.map((x) => x.wallUs))),
      ratio: +(cpu / median(b.map((x) => x.cpuUs))).toFixed(2),
    });
  }
}
console.log(`${REQUESTS} requests per page and variant in ${ROUNDS} rounds (+${WARMUP} warm-up), ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log("variant    page      CPU µs/request (median round; min-max)   wall µs   × baseline");
for (const r of rows)
  console.log(
    `${r.variant.padEnd(10)} ${r.page.padEnd(8)}  ${String(r.cpuUs).padStart(6)} (${r.cpuMinUs}-${r.cpuMaxUs})`.padEnd(60) +
      `${String(r.wallUs).padStart(6)}    ${r.ratio.toFixed(2)}`,
  );
const load = os.loadavg().map((x) => x.toFixed(2));
console.log(`load average at the end: ${load.join(" ")} on ${os.cpus().length} cores (other work shares the machine)`);
fs.writeFileSync(path.resolve(import.meta.dirname, OUT), `${JSON.stringify({ requests: REQUESTS, rounds: ROUNDS, load, rows }, null, 2)}\n`);
