import { LOCALES } from "~core/locales";
import { pathsIn } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { siteUrl } from "../../server/site-url";
import type { Route } from "./+types/robots";

export const contract = defineRoute({
  access: "public",
  kind: "resource",
});

/** Every language's sign-in page is kept out, and every language's sitemap named (docs/i18n.md). */
export function loader({ request }: Route.LoaderArgs) {
  const each = (line: (paths: ReturnType<typeof pathsIn>) => string) => LOCALES.map((locale) => line(pathsIn(locale)));
  const body = [
    "User-agent: *",
    "Allow: /",
    ...each((paths) => `Disallow: ${paths.login()}`),
    "",
    ...each((paths) => `Sitemap: ${siteUrl(request)}${paths.sitemap()}`),
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
