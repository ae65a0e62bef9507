import { env } from "./env";

/** The public origin for canonical URLs: SITE_URL when configured, else the request's own origin. */
export function siteUrl(request: Request): string {
  const configured = env().SITE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
