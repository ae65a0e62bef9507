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
 * A route module's `headers` (React Router keeps a loader's or action's headers only through it): what they
 * set, the action's over the loader's. The headers every answer of a route carries (Cache-Control, noindex) are
 * declared in its contract and set by the HTTP layer, not here.
 */
export function routeHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  return mergeRouteHeaders(loaderHeaders, actionHeaders);
}
