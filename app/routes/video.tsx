import { data } from "react-router";
import { videoMeta } from "~/components/video/seo";
import { toCardData } from "~/components/video/VideoCard";
import { VideoDetails } from "~/components/video/VideoDetails";
import { VideoUnavailable } from "~/components/video/VideoUnavailable";
import type { VideoData, VideoView } from "~/components/video/video-page-data";
import { stillsFor } from "~/lib/age-assurance.server";
import { loadCommunity } from "~/lib/community.server";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { mediaWithheld, WITHHELD_STILL, withholdStills } from "~core/age-assurance";
import { chaptersWithin } from "~core/chapters";
import { canonicalCommentsLocation } from "~core/comment-limits";
import { localeOfRequest } from "~core/locales";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { playlistRef } from "~core/playlist-schema";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { ageAccessContext } from "../../server/http/request-context";
import { attempt } from "../../server/http/route-errors";
import { pageTexts } from "../../server/i18n/catalog";
import { currentPreRollConfig } from "../../server/services/ad-units-feed";
import { captionTracks } from "../../server/services/captions";
import { getChapters } from "../../server/services/chapters";
import { englishTexts, textLangs as langs, localizeCards, localizeVideo } from "../../server/services/content-translations";
import { isRemovedVideo } from "../../server/services/video-removal";
import { getPublicVideo, relatedVideos } from "../../server/services/videos";
import type { Route } from "./+types/video";

// Anything but a uuid names no video: the page's own not-found state, without a query.
const videoParams = z.object({ videoId: input.videoId.nullable().catch(null) });
// `?list=`: Watch Later or a playlist id; anything else is a 400.
const videoQuery = z.object({ list: playlistRef.optional() });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  pageCache: true,
  // `?comments=N` takes a few canonical values (core/comment-limits.ts); any other N, repeated ones included, is
  // sent to its canonical address, so made-up values cost a redirect, not a render of their own.
  input: { params: videoParams, query: videoQuery, canonical: canonicalCommentsLocation },
  sitemap: "videos",
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const { params, query } = routeInput(context, contract);
  const { videoId } = params;
  // The page's texts, also on the pages without a video (cards and playlists come with the site layout's).
  const locale = localeOfRequest(request);
  const intl = pageTexts(locale, ["video", "community", "player"]);
  if (!videoId) return data<VideoData>({ state: "not-found", intl }, { status: 404 });
  const found = await attempt(
    context,
    "video detail",
    () => getPublicVideo(videoId),
    () => "failed" as const,
  );
  if (found === "failed") return data<VideoData>({ state: "error", intl }, { status: 500 });
  if (!found) {
    const removed = await attempt(
      context,
      "removed video",
      () => isRemovedVideo(videoId),
      () => false,
    );
    return removed
      ? data<VideoData>({ state: "removed", intl }, { status: 410 })
      : data<VideoData>({ state: "not-found", intl }, { status: 404 });
  }
  const [related, preRoll, community, texts, captions] = await Promise.all([
    attempt(
      context,
      "related videos",
      async () => localizeCards(await relatedVideos(found), locale),
      () => null,
    ),
    // No ad configuration readable: the video plays without one.
    attempt(context, "pre-roll", currentPreRollConfig, () => null),
    loadCommunity({ request, context }, found),
    // Unreadable chapters: the page without them.
    attempt(
      context,
      "chapters",
      async () => localizeVideo(found, await getChapters(found.id), locale),
      // Unreadable texts: the English ones, marked as such.
      () => ({ ...englishTexts(found, locale), chapters: [] }),
    ),
    // Without its captions the video still plays.
    attempt(
      context,
      "captions",
      () => captionTracks(found.id),
      () => [],
    ),
  ]);
  const withheld = mediaWithheld(context.get(ageAccessContext));
  const shown: VideoView = {
    id: found.id,
    title: texts.title,
    description: texts.description,
    views: found.views,
    duration: found.duration,
    upload_date: new Date(found.upload_date).toISOString(),
    thumbnail_url: found.thumbnail_url,
    poster_url: found.poster_url,
    video_url: found.video_url,
    storyboard_url: found.storyboard_url,
    category_name: texts.category_name,
    category_slug: found.category_slug,
    ...langs(texts),
  };
  const video = withheld ? { ...withholdStills(shown), poster_url: WITHHELD_STILL, video_url: null } : shown;
  // Nothing here is per visit or per user (the play token comes from POST /api/play-token at first
  // playback; a signed-in viewer's parts from /api/viewer-state): the page micro-cache may keep it.
  return data<VideoData>({
    state: "ok",
    intl,
    video,
    related: (related ?? []).map(toCardData).map(stillsFor(context)),
    relatedError: related === null,
    preRoll,
    community,
    chapters: chaptersWithin(texts.chapters, found.duration),
    ...(texts.chapters_lang && { chaptersLang: texts.chapters_lang }),
    viewerScope: { video: found.id, cards: (related ?? []).map((r) => r.id) },
    withheld,
    captions: withheld ? [] : captions,
    list: query.list ?? null,
  });
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  return videoMeta(loaderData, {
    siteUrl: siteUrlFromMatches(matches),
    path: paths.video(params.videoId ?? ""),
    locale: localeFromMatches(matches),
  });
}

export default function VideoPage({ loaderData: d }: Route.ComponentProps) {
  return d.state === "ok" ? <VideoDetails {...d} /> : <VideoUnavailable state={d.state} />;
}
