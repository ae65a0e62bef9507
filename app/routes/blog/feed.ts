import type { LoaderFunctionArgs } from "react-router";
import { renderFeed } from "~/components/blog/rss";
import { logger } from "../../../server/logger";
import { requestInfoContext } from "../../../server/request-context";
import { type BlogPostSummary, listFeedPosts } from "../../../server/services/blog";
import { siteUrl } from "../../../server/site-url";

/** RSS 2.0 feed of the newest published posts at /blog/feed.xml. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const base = siteUrl(request);
  let posts: BlogPostSummary[];
  try {
    posts = await listFeedPosts();
  } catch (err) {
    logger.error({ err, requestId: context.get(requestInfoContext).requestId }, "blog feed failed");
    return new Response("Failed to load blog posts. Please try again later.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  return new Response(renderFeed(base, posts), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
