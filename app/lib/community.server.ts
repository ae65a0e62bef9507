import type { RouterContextProvider } from "react-router";
import { SHOWN_THREADS_PARAM, shownThreadsOf } from "~core/comment-limits";
import type { CommunityData } from "~core/community-answer";
import { getViewer } from "../../server/auth/session";
import { attempt } from "../../server/http/route-errors";
import { listThreads } from "../../server/services/comments";
import { likesVideo } from "../../server/services/likes";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function loadCommunity(args: Args, video: { id: string; likes: number }): Promise<CommunityData> {
  const viewer = await getViewer(args);
  // The video route's middleware has already sent non-canonical values to their canonical address.
  const shown = shownThreadsOf(new URL(args.request.url).searchParams.getAll(SHOWN_THREADS_PARAM));
  const [comments, liked] = await Promise.all([
    attempt(
      args.context,
      "comments",
      async () => (await listThreads(video.id, viewer?.id ?? null, shown)) ?? null,
      () => null,
    ),
    // Not knowing whether they like it only greys nothing out: the button still works (SPEC.md §8: only logged).
    attempt(
      args.context,
      "like status",
      () => likesVideo(viewer?.id ?? null, video.id),
      () => false,
    ),
  ]);
  return { signedIn: viewer !== null, isCreator: viewer?.isCreator ?? false, likes: video.likes, liked, comments, shownThreads: shown };
}
