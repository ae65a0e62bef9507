import type { RouterContextProvider } from "react-router";
import { SHOWN_THREADS_PARAM, shownThreadsOf } from "~core/comment-limits";
import type { CommunityData } from "~core/community-answer";
import { attempt } from "../../server/http/route-errors";
import { listThreads } from "../../server/services/comments";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The video page's likes and comments, the same for everyone (whose they are comes from /api/viewer-state). */
export async function loadCommunity(args: Args, video: { id: string; likes: number }): Promise<CommunityData> {
  // The video route's middleware has already sent non-canonical values to their canonical address.
  const shown = shownThreadsOf(new URL(args.request.url).searchParams.getAll(SHOWN_THREADS_PARAM));
  const comments = await attempt(
    args.context,
    "comments",
    async () => (await listThreads(video.id, shown)) ?? null,
    () => null,
  );
  return { likes: video.likes, comments, shownThreads: shown };
}
