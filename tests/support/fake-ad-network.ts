import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in banner ad network on a loopback port (so it is another origin, which the CSP must allow):
 * `/zone.js?id=…` renders a small ad into the element holding the script, as real networks do. Modes:
 * `render` (default), `silent` (the script loads but renders nothing) and `fail` (404: the script errors).
 */
export type AdNetworkMode = "render" | "silent" | "fail";

export interface FakeAdNetwork {
  origin: string;
  /** AD_SCRIPT_URL for the app. */
  scriptUrl: string;
  /** Zone ids requested so far. */
  requests: string[];
  setMode: (mode: AdNetworkMode) => void;
  close: () => Promise<void>;
}

export async function startFakeAdNetwork(): Promise<FakeAdNetwork> {
  let mode: AdNetworkMode = "render";
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname !== "/zone.js") {
      res.writeHead(404).end();
      return;
    }
    const zone = url.searchParams.get("id") ?? "";
    requests.push(zone);
    if (mode === "fail") {
      res.writeHead(404, { "content-type": "text/plain" }).end("no such zone");
      return;
    }
    const body =
      mode === "silent"
        ? "/* renders nothing */"
        : `(function () {
  var box = document.currentScript && document.currentScript.parentElement;
  if (!box) return;
  var ad = document.createElement("div");
  ad.setAttribute("data-fake-ad", ${JSON.stringify(zone)});
  ad.textContent = "Fake ad for zone " + ${JSON.stringify(zone)};
  ad.style.cssText = "width:100%;height:100%;display:flex;align-items:center;justify-content:center;background:#334155;color:#fff";
  box.appendChild(ad);
})();`;
    res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" }).end(body);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    scriptUrl: `${origin}/zone.js?id={zoneId}`,
    requests,
    setMode: (m) => {
      mode = m;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
