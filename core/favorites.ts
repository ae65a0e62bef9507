/**
 * What `POST /api/favorites` answers the FavoriteButton's fetcher (docs/product.md "Accounts"); a form posted
 * without JavaScript is sent back to the page instead. Declared here for both: components never import a route.
 */
export type FavoriteAnswer =
  | { ok: true; favorite: boolean }
  | { ok: false; error: "sign-in" | "not-found" | "too-many" | "unreadable" | "failed" };
