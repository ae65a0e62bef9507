import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { siteUrl } from "../../server/site-url";
import type { Route } from "./+types/robots";

export const contract = defineRoute({
  access: "public",
  kind: "resource",
});

export function loader({ request }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", `Disallow: ${paths.login()}`, "", `Sitemap: ${siteUrl(request)}${paths.sitemap()}`, ""].join(
    "\n",
  );
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
