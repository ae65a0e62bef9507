/**
 * The page cache's test seam: a condition under which every request skips the cache, so nothing is served or
 * stored while it holds. The production entry never sets one; the test build does, for its fault switches, so
 * fault tests see their error states (docs/decisions/0018-test-build.md).
 */

let bypassAll: () => boolean = () => false;

/**
 * Makes every request skip the cache while `condition` holds. The production entry never calls it; the
 * test build does, for its fault switches (docs/decisions/0018-test-build.md).
 */
export function bypassPageCacheWhile(condition: () => boolean): void {
  bypassAll = condition;
}

/** Whether the composition's condition holds now (page-cache-key.ts asks it for every request). */
export function pageCacheBypassed(): boolean {
  return bypassAll();
}
