import type { LoaderFunctionArgs } from "react-router";
import { siteUrl } from "../../server/site-url";

export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /login",
    "Disallow: /__test/",
    "",
    `Sitemap: ${siteUrl(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
