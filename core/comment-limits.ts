/**
 * How much of a comment section one page loads and one thread holds. The bounds keep the heaviest page a
 * visitor can ask for finite (MAX_THREADS threads of at most 1 + MAX_REPLIES_PER_THREAD comments each), and
 * `?comments=N` to a few canonical values, so an address with a made-up N costs a redirect, not a render
 * that the page cache would never see again. server/services/comments.ts enforces them.
 */

/** Threads on the first page; "Load more" adds as many. */
export const THREADS_PER_PAGE = 50;
/** The most threads one page shows (10 "Load more" steps). */
export const MAX_THREADS = 500;
/** Replies one top-level comment may have (deleted ones included: they stay as placeholders). */
export const MAX_REPLIES_PER_THREAD = 25;

export const SHOWN_THREADS_PARAM = "comments";

/**
 * The canonical `?comments` for what was asked: `undefined` for the first page (no parameter), else a
 * multiple of THREADS_PER_PAGE up to MAX_THREADS, written plainly. Anything unreadable means the first page;
 * a count in between rounds up to the next step; more than the maximum is the maximum.
 */
export function canonicalShownThreads(values: readonly string[]): number | undefined {
  const raw = values.length === 1 ? values[0] : undefined;
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return undefined;
  const asked = Number.parseInt(raw, 10);
  const steps = Math.min(Math.ceil(asked / THREADS_PER_PAGE), MAX_THREADS / THREADS_PER_PAGE);
  return steps <= 1 ? undefined : steps * THREADS_PER_PAGE;
}

/** The threads a (canonical) address shows. */
export function shownThreadsOf(values: readonly string[]): number {
  return canonicalShownThreads(values) ?? THREADS_PER_PAGE;
}

/**
 * Where a video page address with a non-canonical `?comments` should go instead (path and query, other
 * parameters kept in order), or null when it is already canonical.
 */
export function canonicalCommentsLocation(url: URL): string | null {
  const values = url.searchParams.getAll(SHOWN_THREADS_PARAM);
  if (values.length === 0) return null;
  const canonical = canonicalShownThreads(values);
  if (values.length === 1 && values[0] === String(canonical)) return null;
  const params = new URLSearchParams();
  let placed = false;
  for (const [name, value] of url.searchParams) {
    if (name !== SHOWN_THREADS_PARAM) params.append(name, value);
    else if (!placed) {
      placed = true;
      if (canonical !== undefined) params.append(SHOWN_THREADS_PARAM, String(canonical));
    }
  }
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}
