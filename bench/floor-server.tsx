// The framework's floor for `npm run bench:render --floor` (docs/benchmarks.md, "Issue 20: uncached render CPU"):
// what one uncached page costs with nothing of the app in it. node:http, Express with the app's compression
// (brotli quality 3, server/http/compression.ts), React Router's Express adapter and request handler on a
// hand-made build of two routes, a root loader returning a small object, and React rendering the document
// shell (<Meta>, <Links>, <ScrollRestoration>, <Scripts>, and the route data's turbo-stream) into the app's
// own destination (app/lib/page-sink.server.ts). `/` is that empty page; `/css` adds the app's stylesheet
// inline in <head>, as every page of the app carries it (FLOOR_CSS: the built CSS file); `/as/:key` carries an app
// page's own stylesheet and markup (see `capturedPage`).
//
// Run by bench/render-cpu.ts as `node --import tsx bench/floor-server.tsx` with PORT, NODE_ENV=production.
import fs from "node:fs";
import type { Writable } from "node:stream";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ServerBuild,
  ServerRouter,
  useLoaderData,
  useLocation,
  useParams,
} from "react-router";
import { DeferredPreloadsSink, pageBody } from "../app/lib/page-sink.server";
import { compressResponses } from "../server/http/compression";

const css = process.env.FLOOR_CSS ? fs.readFileSync(process.env.FLOOR_CSS, "utf8") : "";

/**
 * `/as/:key`: the empty page carrying an app page's bytes (FLOOR_PAGES: the app's pages as the bench captured them,
 * bench/.work/render-html-build/<key>.html), its inline stylesheet in <head> and its body's markup as one string,
 * without its scripts (the floor writes its own). What it costs over the empty page is what sending that page costs
 * the framework, however its markup is made; the app's render of the page costs that plus making the markup.
 */
const captured = new Map<string, { css: string; body: string }>();
function capturedPage(key: string): { css: string; body: string } {
  let page = captured.get(key);
  if (!page) {
    const html = fs.readFileSync(`${process.env.FLOOR_PAGES}/${key.replace(/[^\w-]/g, "")}.html`, "utf8");
    const style = /<style data-app-css="">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
    page = { css: style, body: body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "") };
    captured.set(key, page);
  }
  return page;
}

function Root() {
  const { pathname } = useLocation();
  const as = pathname.startsWith("/as/") ? capturedPage(pathname.slice(4)) : undefined;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own built stylesheet */}
        {pathname === "/css" && css ? <style dangerouslySetInnerHTML={{ __html: css }} /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own page, as captured */}
        {as ? <style dangerouslySetInnerHTML={{ __html: as.css }} /> : null}
        <Links />
      </head>
      <body>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Captured() {
  const { key = "" } = useParams();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own page, as captured
  return <div dangerouslySetInnerHTML={{ __html: capturedPage(key).body }} />;
}

function Empty() {
  const { title } = useLoaderData() as { title: string };
  return (
    <main>
      <h1>{title}</h1>
    </main>
  );
}

function handleRequest(_request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<ServerRouter context={context} url={_request.url} />, {
      onShellReady() {
        headers.set("Content-Type", "text/html; charset=utf-8");
        const sink = new DeferredPreloadsSink("");
        pipe(sink as unknown as Writable);
        resolve(new Response(pageBody(sink), { headers, status }));
      },
      onShellError: reject,
    });
  });
}

const routeAssets = (id: string, extra: Record<string, unknown>) => ({
  id,
  module: `/assets/${id.replace("/", "-")}.js`,
  imports: [],
  css: [],
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  ...extra,
});

const build = {
  entry: { module: { default: handleRequest } },
  routes: {
    root: { id: "root", path: "", module: { default: Root, loader: () => ({ site: "floor" }) } },
    "routes/empty": { id: "routes/empty", parentId: "root", index: true, module: { default: Empty, loader: () => ({ title: "Empty" }) } },
    "routes/css": { id: "routes/css", parentId: "root", path: "css", module: { default: Empty, loader: () => ({ title: "Stylesheet" }) } },
    "routes/as": { id: "routes/as", parentId: "root", path: "as/:key", module: { default: Captured, loader: () => ({ title: "Page" }) } },
  },
  assets: {
    entry: { module: "/assets/entry.client.js", imports: ["/assets/react-dom.js"] },
    routes: {
      root: routeAssets("root", { path: "" }),
      "routes/empty": routeAssets("routes/empty", { parentId: "root", index: true }),
      "routes/css": routeAssets("routes/css", { parentId: "root", path: "css" }),
      "routes/as": routeAssets("routes/as", { parentId: "root", path: "as/:key" }),
    },
    url: "/assets/manifest-floor.js",
    version: "floor",
  },
  publicPath: "/",
  assetsBuildDirectory: "/nonexistent",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compressResponses());
app.all("/{*path}", createRequestHandler({ build }));
const server = app.listen(Number(process.env.PORT), "127.0.0.1");
// A normal exit on SIGTERM, so that `--cpu-prof` writes its profile.
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
