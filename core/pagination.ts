// Page-number helpers for listing routes (`?page=N`).

export type PaginationItem = number | "ellipsis-start" | "ellipsis-end";

const WINDOW_SIZE = 5;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Numbered window: all pages when 5 or fewer; near the start (current <= 3)
 * pages 1 to 5, an ellipsis and the last page; near the end
 * (current >= total - 2) the first page, an ellipsis and the last 5;
 * otherwise the first page, an ellipsis, current-2 to current+2, an ellipsis
 * and the last page. Ellipses carry distinct names so they can be React keys.
 */
export function paginationWindow(current: number, total: number): PaginationItem[] {
  const last = Number.isFinite(total) ? Math.floor(total) : 0;
  if (last <= 0) return [];
  if (last <= WINDOW_SIZE) return range(1, last);
  const page = clampPage(current, last);
  if (page <= 3) return [...range(1, WINDOW_SIZE), "ellipsis-end", last];
  if (page >= last - 2) return [1, "ellipsis-start", ...range(last - WINDOW_SIZE + 1, last)];
  return [1, "ellipsis-start", ...range(page - 2, page + 2), "ellipsis-end", last];
}

/** Strict parse of `?page=`: anything but 1–9 plain digits (or 0) falls back to page 1. */
export function parsePageParam(raw: string | null | undefined): number {
  if (raw == null || !/^\d{1,9}$/.test(raw)) return 1;
  const page = Number.parseInt(raw, 10);
  return Math.max(page, 1);
}

/** Clamp into 1..max(1, pageCount); an empty listing still has page 1. */
export function clampPage(page: number, pageCount: number): number {
  const max = Number.isFinite(pageCount) ? Math.max(1, Math.floor(pageCount)) : 1;
  if (!Number.isFinite(page)) return 1;
  return Math.min(max, Math.max(1, Math.floor(page)));
}

/** Number of pages needed for `count` items; 0 when there is nothing to show. */
export function totalPages(count: number, perPage: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(perPage) || count <= 0 || perPage <= 0) return 0;
  return Math.ceil(count / perPage);
}
