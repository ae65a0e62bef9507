import { redirect } from "react-router";
import { clampPage, totalPages } from "~core/pagination";

/** The page of a listing that exists; past the last one the visitor is sent there (like the home page). */
export function existingPage(request: Request, requested: number, total: number, perPage: number): { page: number; pageCount: number } {
  const pageCount = totalPages(total, perPage);
  const page = clampPage(requested, pageCount);
  if (page !== requested) {
    const url = new URL(request.url);
    url.searchParams.set("page", String(page));
    if (page === 1) url.searchParams.delete("page");
    throw redirect(`${url.pathname.replace(/\.data$/, "")}${url.search}`);
  }
  return { page, pageCount };
}
