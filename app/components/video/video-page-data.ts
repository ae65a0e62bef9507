import type { PageTexts } from "~/lib/texts";
import type { CaptionTrack } from "~core/captions";
import type { Chapter } from "~core/chapters";
import type { CommunityData } from "~core/community-answer";
import type { Locale } from "~core/locales";
import type { PlaylistRef } from "~core/playlists";
import type { PreRollConfig } from "~core/preroll-playback";
import type { ViewerScope } from "~core/viewer-state";
import type { VideoCardData } from "./VideoCard";

/** The video as its page shows it: the upload date as an ISO string, the stream and stills withheld before an age check. */
export interface VideoView {
  id: string;
  title: string;
  description: string | null;
  views: number;
  duration: number;
  upload_date: string;
  thumbnail_url: string | null;
  poster_url: string | null;
  video_url: string | null;
  /** WebVTT storyboard for the player's scrub previews, when the pipeline made one. */
  storyboard_url: string | null;
  category_name: string | null;
  /** The category's address segment (English, as every language's address: docs/i18n.md "Content"). */
  category_slug: string | null;
  /** Each text's language where it is not the page's: English shown for want of a published translation. */
  title_lang?: Locale;
  description_lang?: Locale;
  category_lang?: Locale;
}

/**
 * What the video page's loader sends (app/routes/video.tsx), for its meta (./seo.ts) and its components; in every
 * state, the page's texts (`video`, `community`, `playlists`) in its language.
 */
export type VideoData = { intl: PageTexts } & (
  | {
      state: "ok";
      video: VideoView;
      related: VideoCardData[];
      relatedError: boolean;
      preRoll: PreRollConfig | null;
      community: CommunityData;
      /** In order, inside the video (core/chapters.ts); public like the rest. */
      chapters: Chapter[];
      /** The chapters' titles are English on another language's page. */
      chaptersLang?: Locale;
      /** The same for everyone: whose like, favorites, resume point and comments come from /api/viewer-state. */
      viewerScope: ViewerScope;
      /** An age check comes first (docs/decisions/0028): no stream, poster or storyboard in this data. */
      withheld: boolean;
      /** Caption files for the player, one per language (none while withheld). */
      captions: CaptionTrack[];
      /** Played from a playlist (`?list=`): its queue comes after hydration (docs/decisions/0034-playlists.md). */
      list: PlaylistRef | null;
    }
  | { state: "not-found" }
  /** Taken down (server/services/video-removal.ts): 410, so search engines drop it for good. */
  | { state: "removed" }
  | { state: "error" }
);

/** The page of a video that plays. */
export type ShownVideo = Extract<VideoData, { state: "ok" }>;
