/**
 * Where to send a visitor after sign-in: a path on this site, never another origin (no open redirect).
 * Anything else (absolute URLs, protocol-relative `//host`, backslashes that browsers read as slashes,
 * control characters, the sign-in page itself) falls back to `/`.
 */
export function safeRedirectPath(raw: unknown, fallback = "/"): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!raw.startsWith("/") || raw.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  const base = "http://same-origin.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  if (url.pathname === "/login" || url.pathname.startsWith("/api/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that comes back to `path` afterwards. */
export function loginPath(path: string): string {
  const target = safeRedirectPath(path);
  return target === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(target)}`;
}
