import type { HeadersArgs, ServerBuild } from "react-router";

/**
 * A route's response headers from its sources, later ones winning per header: the loader's on a page view,
 * the action's merged over them after a post, never one set instead of the other (an action's empty headers
 * would otherwise drop the loader's noindex and Cache-Control).
 */
export function mergeRouteHeaders(...sources: (Headers | Record<string, string>)[]): Headers {
  const merged = new Headers();
  for (const source of sources) for (const [key, value] of new Headers(source)) merged.set(key, value);
  return merged;
}

/**
 * Every route's `headers`: what its parent sent, then what its loader and action set, then a thrown
 * response's (Retry-After of a 503, on the route whose error boundary renders). The headers every answer of a
 * route carries (Cache-Control, noindex) are declared in its contract and set by the HTTP layer, not here.
 */
export function routeHeaders({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }: HeadersArgs): Headers {
  return mergeRouteHeaders(parentHeaders, loaderHeaders, actionHeaders, errorHeaders ?? {});
}

const inherited = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The server build with `routeHeaders` as the `headers` of every route module that exports none. React Router
 * sends a loader's or action's headers only through the `headers` export of that same route, and a parent's
 * export sees only the parent's own (https://reactrouter.com/how-to/headers), so no layout can pass them on
 * for its children: without this, each module had to repeat `export const headers = routeHeaders`.
 */
export function withRouteHeaders(build: ServerBuild): ServerBuild {
  let withHeaders = inherited.get(build);
  if (!withHeaders) {
    const routes: ServerBuild["routes"] = {};
    for (const [id, route] of Object.entries(build.routes))
      routes[id] = route && !route.module.headers ? { ...route, module: { ...route.module, headers: routeHeaders } } : route;
    withHeaders = { ...build, routes };
    inherited.set(build, withHeaders); // development loads the build per request: one copy per build
  }
  return withHeaders;
}
