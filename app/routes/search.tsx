import { data } from "react-router";
import { AppLink } from "~/components/ui/AppLink";
import { stillsFor } from "~/lib/age-assurance.server";
import { formatViews } from "~/lib/format";
import { siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { stillSrcSet } from "~core/images";
import { input } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { attempt } from "../../server/http/route-errors";
import { normaliseQuery, searchVideos } from "../../server/services/videos";
import type { Route } from "./+types/search";

interface SearchData {
  q: string;
  results: { id: string; title: string; views: number; thumbnail_url: string | null }[];
  error: string | null;
}

const searchQuery = z.object({ q: input.q });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  crossSite: "refuse",
  input: { query: searchQuery },
});

export async function loader({ context }: Route.LoaderArgs) {
  const q = normaliseQuery(routeInput(context, contract).query.q);
  // Blank q: no results and no database call.
  if (!q) return data<SearchData>({ q, results: [], error: null });
  const rows = await attempt(
    context,
    "search",
    () => searchVideos(q),
    () => null,
  );
  if (!rows) return data<SearchData>({ q, results: [], error: "Search is temporarily unavailable." }, { status: 500 });
  return data<SearchData>({
    q,
    results: rows.map(({ id, title, views, thumbnail_url }) => stillsFor(context)({ id, title, views, thumbnail_url })),
    error: null,
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const q = loaderData?.q ?? "";
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    title: q ? `Search results for "${q}"` : "Search",
    description: q ? `AI-generated videos matching "${q}".` : "Search AI-generated videos by title.",
    path: q ? `/search?q=${encodeURIComponent(q)}` : "/search",
    noindex: true,
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, results, error } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold">Search Results</h1>
      {q && <p className="mt-1 text-zinc-400">Results for: "{q}"</p>}
      <div className="mt-6">
        {error ? (
          <p role="alert" className="text-red-300">
            Error: {error}
          </p>
        ) : !q ? (
          <p className="text-zinc-400">Type a title into the search box to find videos.</p>
        ) : results.length === 0 ? (
          <p className="text-zinc-400">No results found for "{q}"</p>
        ) : (
          <ul className="divide-y divide-ink-800">
            {results.map((r) => (
              <li key={r.id}>
                <AppLink to={`/video/${r.id}`} className="flex items-center gap-4 rounded-lg px-2 py-3 hover:bg-ink-900">
                  <img
                    src={r.thumbnail_url ?? "/placeholder-80x45.svg"}
                    srcSet={stillSrcSet(r.thumbnail_url)}
                    sizes="80px"
                    alt=""
                    width={80}
                    height={45}
                    loading="lazy"
                    className="h-[45px] w-[80px] shrink-0 rounded object-cover"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{r.title}</span>
                    <span className="text-sm text-zinc-400">{formatViews(r.views)} views</span>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
