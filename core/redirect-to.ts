import { splitLocalePath } from "./locales";

const BASE = "http://same-origin.invalid";

/**
 * Where to send a visitor after sign-in: a path on this site, never another origin (no open redirect).
 * The check is made on what is returned, not on what came in: the input is resolved as a browser would
 * resolve it (dot segments, tabs and newlines dropped), and the result must still read as a path on this
 * origin, also after any layer percent-decodes it. Anything else (absolute URLs, `//host`, `/\host`,
 * encoded slashes and backslashes, control characters, the sign-in page itself, API routes) falls back.
 */
export function safeRedirectPath(raw: unknown, fallback = "/"): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return fallback;
  // Browsers drop tabs and newlines inside URLs and read `\` as `/`: an input with either is refused whole.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!raw.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  return isSameOriginPath(target) && !isSignInOrApi(url.pathname) ? target : fallback;
}

/**
 * Whether `target` is read as a path on this origin by a browser, as sent and after up to three rounds of
 * percent-decoding (a proxy or framework that decodes `%2F` must not turn it into `//host`).
 */
function isSameOriginPath(target: string): boolean {
  let form = target;
  for (let round = 0; round < 4; round++) {
    const path = form.split(/[?#]/, 1)[0] ?? "";
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a decoded control character could be stripped by a browser
    if (!path.startsWith("/") || path.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(path)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false; // malformed escapes: no guessing what another layer makes of them
    }
    if (decoded === path) break;
    form = decoded;
  }
  try {
    return new URL(target, BASE).origin === BASE;
  } catch {
    return false;
  }
}

function isSignInOrApi(pathname: string): boolean {
  // The sign-in page in every language (`/de/login`): core/locales.ts's prefixes.
  const path = splitLocalePath(pathname.toLowerCase()).path;
  return path === "/login" || path === "/login/" || path.startsWith("/api/");
}
