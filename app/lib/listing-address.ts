import { redirect } from "react-router";
import { DEFAULT_SORT, type ListingOrder, listingSearch } from "~core/listing-order";

/**
 * A sort or filter spelled out at its default (`?sort=newest`, `?duration=`: what the form sends without
 * JavaScript) is answered with a redirect to the same listing without it, so each listing has one address
 * (shared links, the page cache and search engines see one). `extra`: the page's other parameters (`q`).
 */
export function redirectToOneAddress(request: Request, order: ListingOrder, page: number, extra: Record<string, string> = {}): void {
  const url = new URL(request.url);
  const spelled = (name: string, isDefault: boolean) => url.searchParams.has(name) && isDefault;
  if (spelled("sort", order.sort === DEFAULT_SORT) || spelled("duration", order.duration === null)) {
    throw redirect(`${url.pathname}${listingSearch(order, page, extra)}`);
  }
}
