/**
 * The test build's fault switch names (./faults.ts), in a module that imports nothing, so that the production
 * bundle check (scripts/check-production-bundle.ts) reads the same list without loading the test composition.
 */
export const FAULTS = [
  "videos.list",
  "videos.detail",
  "videos.related",
  "videos.trending",
  "videos.search",
  "categories.list",
  "categories.top",
  "blog.list",
  "blog.post",
  "contact.submit",
  "likes.update",
  "comments.list",
  "comments.submit",
  "comments.delete",
  /** Not a failure: ad unit change notifications arrive 1 s late, as on a loaded machine (./notifications.ts). */
  "ad-units.notified-late",
] as const;
