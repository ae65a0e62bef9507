import { favoriteIdsAmong } from "./favorites";
import { isHistoryPaused, resumePosition } from "./history";

/** What the video page shows a signed-in viewer beyond the video: their favorites, the resume offer. */
export interface ViewerVideoState {
  favorite: boolean;
  /** Whole seconds to offer "Resume at m:ss" from, or null. */
  resumeAt: number | null;
  historyPaused: boolean;
  /** The related videos among the viewer's favorites. */
  favoriteRelatedIds: string[];
}

export async function viewerVideoState(userId: string, videoId: string, relatedIds: readonly string[]): Promise<ViewerVideoState> {
  const [favorites, resumeAt, historyPaused] = await Promise.all([
    favoriteIdsAmong(userId, [videoId, ...relatedIds]),
    resumePosition(userId, videoId),
    isHistoryPaused(userId),
  ]);
  return {
    favorite: favorites.has(videoId),
    resumeAt,
    historyPaused,
    favoriteRelatedIds: relatedIds.filter((id) => favorites.has(id)),
  };
}
