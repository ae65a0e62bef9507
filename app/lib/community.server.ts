import type { RouterContextProvider } from "react-router";
import { getViewer } from "../../server/auth/session";
import { attempt } from "../../server/http/route-errors";
import { listThreads, MAX_THREADS, THREADS_PER_PAGE } from "../../server/services/comments";
import { likesVideo } from "../../server/services/likes";
import type { CommunityData } from "./community-answer";
import { z } from "./zod";

export const SHOWN_THREADS_PARAM = "comments";
const shownThreads = z.coerce.number().int().min(THREADS_PER_PAGE).max(MAX_THREADS).catch(THREADS_PER_PAGE);

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function loadCommunity(args: Args, video: { id: string; likes: number }): Promise<CommunityData> {
  const viewer = await getViewer(args);
  const shown = shownThreads.parse(new URL(args.request.url).searchParams.get(SHOWN_THREADS_PARAM) ?? undefined);
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
