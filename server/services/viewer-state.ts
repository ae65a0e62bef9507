import type { Viewer } from "../../core/viewer";
import type { ViewerScope, ViewerState } from "../../core/viewer-state";
import { ownCommentIds } from "./comments";
import { favoriteIdsAmong } from "./favorites";
import { isHistoryPaused, resumePosition } from "./history";
import { likesVideo } from "./likes";

/**
 * What is the signed-in viewer's on a page that is the same for everyone (core/viewer-state.ts): their
 * favorites among its cards and, on a video page, their like, favorite, resume point and own comments.
 */
export async function viewerState(viewer: Viewer, scope: ViewerScope): Promise<ViewerState> {
  const { video } = scope;
  const asked = [...new Set([...(video ? [video] : []), ...(scope.cards ?? [])])];
  const [favorites, historyPaused, videoState] = await Promise.all([
    asked.length > 0 ? favoriteIdsAmong(viewer.id, asked) : new Set<string>(),
    isHistoryPaused(viewer.id),
    video ? Promise.all([likesVideo(viewer.id, video), resumePosition(viewer.id, video), ownCommentIds(viewer.id, video)]) : null,
  ]);
  return {
    viewer,
    historyPaused,
    favoriteIds: (scope.cards ?? []).filter((id) => favorites.has(id)),
    video:
      video && videoState
        ? { liked: videoState[0], favorite: favorites.has(video), resumeAt: videoState[1], ownCommentIds: videoState[2] }
        : null,
  };
}
