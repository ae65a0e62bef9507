import { renderFeed } from "~/components/blog/rss";
import { classifyFailure, RETRY_AFTER_SECONDS } from "../../../server/http/route-errors";
import { type BlogPostSummary, listFeedPosts } from "../../../server/services/blog";
import { siteUrl } from "../../../server/site-url";
import type { Route } from "./+types/feed";

/** RSS 2.0 feed of the newest published posts at /blog/feed.xml. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = siteUrl(request);
  let posts: BlogPostSummary[];
  try {
    posts = await listFeedPosts();
  } catch (err) {
    // Feed readers retry on 503: soon when the database is briefly away, later otherwise.
    const retryAfter = classifyFailure(context, "blog feed", err) === "unavailable" ? RETRY_AFTER_SECONDS : 60;
    return new Response("Failed to load blog posts. Please try again later.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(retryAfter) },
    });
  }
  return new Response(renderFeed(base, posts), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
