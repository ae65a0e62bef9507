import { renderFeed } from "~/components/blog/rss";
import { defineRoute } from "~core/route-contract";
import { unavailableText } from "../../../server/http/route-errors";
import { type BlogPostSummary, listFeedPosts } from "../../../server/services/blog";
import { siteUrl } from "../../../server/site-url";
import type { Route } from "./+types/feed";

export const contract = defineRoute({
  access: "public",
  kind: "resource",
});

/** RSS 2.0 feed of the newest published posts at /blog/feed.xml. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = siteUrl(request);
  let posts: BlogPostSummary[];
  try {
    posts = await listFeedPosts();
  } catch (err) {
    return unavailableText(context, "blog feed", err, "Failed to load blog posts. Please try again later.", 60);
  }
  return new Response(renderFeed(base, posts), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
