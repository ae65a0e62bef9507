import { createRequestHandler, data, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { mergeRouteHeaders, routeHeaders, withRouteHeaders } from "./route-headers";

describe("mergeRouteHeaders", () => {
  it("keeps the loader's headers when the action set none (a page view: React Router passes empty action headers)", () => {
    const merged = mergeRouteHeaders(new Headers({ "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" }), new Headers());
    expect(Object.fromEntries(merged)).toEqual({ "x-robots-tag": "noindex", "cache-control": "private, no-store" });
  });

  it("lets later sources win per header and keeps the rest", () => {
    const merged = mergeRouteHeaders(
      new Headers({ "Cache-Control": "public", "X-Robots-Tag": "noindex" }),
      new Headers({ "Cache-Control": "no-cache", "Retry-After": "5" }),
      { "Cache-Control": "private, no-store" },
    );
    expect(Object.fromEntries(merged)).toEqual({ "cache-control": "private, no-store", "x-robots-tag": "noindex", "retry-after": "5" });
  });
});

describe("routeHeaders", () => {
  it("sends the parent's, the loader's, the action's and a thrown response's headers, later ones winning", () => {
    const sent = routeHeaders({
      parentHeaders: new Headers({ "X-Parent": "1", "Retry-After": "1" }),
      loaderHeaders: new Headers({ "Server-Timing": "db;dur=3" }),
      actionHeaders: new Headers({ Connection: "close" }),
      errorHeaders: new Headers({ "Retry-After": "5" }),
    });
    expect(Object.fromEntries(sent)).toEqual({ "x-parent": "1", "retry-after": "5", "server-timing": "db;dur=3", connection: "close" });
  });
});

describe("withRouteHeaders", () => {
  const own = () => new Headers({ "X-Own": "1" });
  const build = {
    entry: { module: {} },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/a": { id: "routes/a", parentId: "root", path: "a", module: { loader: () => null } },
      "routes/b": { id: "routes/b", parentId: "root", path: "b", module: { headers: own } },
    },
  } as unknown as ServerBuild;

  it("gives every route module without a headers export the shared one, and keeps a module's own", () => {
    const { routes } = withRouteHeaders(build);
    expect(routes.root?.module.headers).toBe(routeHeaders);
    expect(routes["routes/a"]?.module.headers).toBe(routeHeaders);
    expect(routes["routes/a"]?.module.loader).toBe(build.routes["routes/a"]?.module.loader);
    expect(routes["routes/b"]?.module.headers).toBe(own);
    expect(build.routes["routes/a"]?.module.headers).toBeUndefined(); // the build itself is left as it was
  });

  it("answers the same build with the same copy (development loads it on every request)", () => {
    expect(withRouteHeaders(build)).toBe(withRouteHeaders(build));
  });
});

describe("React Router's answers with the inherited headers", () => {
  const page = () => null;
  const asset = (id: string, extra: Record<string, unknown>) => ({
    id,
    module: `/${id}.js`,
    imports: [],
    css: [],
    hasLoader: true,
    ...extra,
  });
  const build = {
    entry: { module: { default: (_: Request, status: number, headers: Headers) => new Response("<html>", { status, headers }) } },
    routes: {
      root: { id: "root", path: "", module: { default: page, loader: () => ({}) } },
      "routes/form": {
        id: "routes/form",
        parentId: "root",
        path: "form",
        module: {
          default: page,
          loader: () => data({}, { headers: { "Server-Timing": "db;dur=3" } }),
          action: () => data({}, { status: 429, headers: { "Retry-After": "30" } }),
        },
      },
      "routes/down": {
        id: "routes/down",
        parentId: "root",
        path: "down",
        module: {
          default: page,
          loader: () => {
            throw data(null, { status: 503, headers: { "Retry-After": "5" } });
          },
        },
      },
    },
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: {
        root: asset("root", { path: "" }),
        "routes/form": asset("routes/form", { parentId: "root", path: "form", hasAction: true }),
        "routes/down": asset("routes/down", { parentId: "root", path: "down" }),
      },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "/nonexistent",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handle = createRequestHandler(withRouteHeaders(build), "production");
  const post = (path: string) =>
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("sends a page's loader headers, on the document and on its .data navigation", async () => {
    expect((await handle(new Request("http://localhost/form"))).headers.get("Server-Timing")).toBe("db;dur=3");
    expect((await handle(new Request("http://localhost/form.data"))).headers.get("Server-Timing")).toBe("db;dur=3");
  });

  it("sends an action's headers over the loader's, posted as a form or as a .data fetch", async () => {
    for (const path of ["/form", "/form.data"]) {
      const answer = await handle(post(path));
      expect([path, answer.status, answer.headers.get("Retry-After")]).toEqual([path, 429, "30"]);
    }
  });

  it("sends a thrown response's headers with the root's error page", async () => {
    const answer = await handle(new Request("http://localhost/down"));
    expect([answer.status, answer.headers.get("Retry-After")]).toEqual([503, "5"]);
  });
});
