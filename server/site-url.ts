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
