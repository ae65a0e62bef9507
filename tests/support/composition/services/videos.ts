// The test build's server/services/videos.ts (docs/decisions/0018-test-build.md): the same module, with its
// page reads failing while their fault switch is on.
import * as videos from "../../../../server/services/videos";
import { failing } from "../faults";

export * from "../../../../server/services/videos";
export const listVideos = failing("videos.list", videos.listVideos);
export const getPublicVideo = failing("videos.detail", videos.getPublicVideo);
export const relatedVideos = failing("videos.related", videos.relatedVideos);
export const trendingVideos = failing("videos.trending", videos.trendingVideos);
export const searchVideos = failing("videos.search", videos.searchVideos);
