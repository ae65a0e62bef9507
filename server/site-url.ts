import { env } from "./env";

/** The public origin for canonical URLs: SITE_URL when configured, else the request's own origin. */
export function siteUrl(request: Request): string {
  return publicOrigin(new URL(request.url).origin);
}

/** SITE_URL when configured, else `requestOrigin` (what the request arrived at). */
export function publicOrigin(requestOrigin: string): string {
  const configured = env().SITE_URL;
  return configured ? configured.replace(/\/+$/, "") : requestOrigin;
}

/**
 * The origin every link in a mail names (issue 32 item 3): SITE_URL, else the first of ALLOWED_HOSTS, else this
 * machine's own loopback address. Never what a request said it was for: a Host or X-Forwarded-Host header is the
 * sender's to choose, and a mail to the admins must not carry a link to someone else's site.
 */
export function mailOrigin(): string {
  const first = env().ALLOWED_HOSTS[0];
  return publicOrigin(first ? `http://${first}` : `http://localhost:${env().PORT}`);
}
