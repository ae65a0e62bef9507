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
