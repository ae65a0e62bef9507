// URL slugs for category names, and the reverse mapping used when a route
// param has to be shown as a heading.

const MAX_PARAM_LENGTH = 100;

/** "R&B  Hits" → "rb-hits". Only [a-z0-9_-] survives, so slugs are URL-safe as-is. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9_-]+/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "big-tits" → "Big Tits"; missing/empty → "All". */
export function categoryNameFromParam(param: string | undefined): string {
  if (!param) return "All";
  // Cap before any processing: the param comes straight from the URL.
  const words = param
    .slice(0, MAX_PARAM_LENGTH)
    .trim()
    .toLowerCase()
    .split(/-+/)
    .filter((word) => word.length > 0);
  if (words.length === 0) return "All";
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}
