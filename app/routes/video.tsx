import { useCallback } from "react";
import { data, Link, useLocation } from "react-router";
import { FavoriteButton } from "~/components/account/FavoriteButton";
import { ResumeOffer } from "~/components/account/ResumeOffer";
import { Comments } from "~/components/community/Comments";
import { LikeButton } from "~/components/community/LikeButton";
import { WithheldPlayer } from "~/components/layout/AgeCheck";
import { PreRoll } from "~/components/player/PreRoll";
import { isAutoStart, type UpNextVideo } from "~/components/player/UpNext";
import { VideoPlayer } from "~/components/player/VideoPlayer";
import { QueuePanel } from "~/components/playlists/QueuePanel";
import { SaveControls } from "~/components/playlists/SaveControls";
import { ChapterList } from "~/components/video/ChapterList";
import { ShareMenu } from "~/components/video/ShareMenu";
import { useVideoPosition } from "~/components/video/use-video-position";
import { toCardData, VideoCard, type VideoCardData } from "~/components/video/VideoCard";
import { stillsFor } from "~/lib/age-assurance.server";
import { loadCommunity } from "~/lib/community.server";
import { formatDuration, formatIsoDuration, formatLongDate, formatRelativeTime, formatViews } from "~/lib/format";
import { keyMoments } from "~/lib/key-moments";
import { siteUrlFromMatches, useRootData } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { absoluteUrl, breadcrumbs, seoMeta } from "~/lib/seo";
import { useAutoplay } from "~/lib/use-autoplay";
import { type NextInList, usePlaylistQueue } from "~/lib/use-playlist-queue";
import { useViewTracking } from "~/lib/use-view-tracking";
import { useWatchHistory } from "~/lib/use-watch-history";
import { useViewer, useViewerPage } from "~/lib/viewer-state";
import { mediaWithheld, WITHHELD_STILL, withholdStills } from "~core/age-assurance";
import type { CaptionTrack } from "~core/captions";
import { type Chapter, chaptersWithin } from "~core/chapters";
import { canonicalCommentsLocation } from "~core/comment-limits";
import type { CommunityData } from "~core/community-answer";
import { TRAINED_ALGORITHMIC_MEDIA } from "~core/content-credentials";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { playlistRef } from "~core/playlist-schema";
import type { PlaylistRef } from "~core/playlists";
import type { PreRollConfig } from "~core/preroll-playback";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { slugify } from "~core/slug";
import { truncate } from "~core/text";
import type { ViewerScope } from "~core/viewer-state";
import { z } from "~core/zod";
import { ageAccessContext } from "../../server/http/request-context";
import { attempt } from "../../server/http/route-errors";
import { currentPreRollConfig } from "../../server/services/ad-units-feed";
import { captionTracks } from "../../server/services/captions";
import { getChapters } from "../../server/services/chapters";
import { isRemovedVideo } from "../../server/services/video-removal";
import { getPublicVideo, relatedVideos } from "../../server/services/videos";
import type { Route } from "./+types/video";

const LOAD_ERROR = "Failed to load video. Please try again later.";
const RELATED_ERROR = "Failed to load related videos.";
const NO_RELATED = "No related videos found.";
/** Rendered width of a related card (1/2/3 columns beside the 300px sidebar from lg). */
const RELATED_SIZES =
  "(min-width: 1280px) 292px, (min-width: 1024px) calc((100vw - 384px) / 2), (min-width: 640px) calc((100vw - 52px) / 2), calc(100vw - 32px)";

interface VideoView {
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
}

type VideoData =
  | {
      state: "ok";
      video: VideoView;
      related: VideoCardData[];
      relatedError: boolean;
      preRoll: PreRollConfig | null;
      community: CommunityData;
      /** In order, inside the video (core/chapters.ts); public like the rest. */
      chapters: Chapter[];
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
  | { state: "error" };

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
  if (!videoId) return data<VideoData>({ state: "not-found" }, { status: 404 });
  const found = await attempt(
    context,
    "video detail",
    () => getPublicVideo(videoId),
    () => "failed" as const,
  );
  if (found === "failed") return data<VideoData>({ state: "error" }, { status: 500 });
  if (!found) {
    const removed = await attempt(
      context,
      "removed video",
      () => isRemovedVideo(videoId),
      () => false,
    );
    return removed ? data<VideoData>({ state: "removed" }, { status: 410 }) : data<VideoData>({ state: "not-found" }, { status: 404 });
  }
  const [related, preRoll, community, chapters, captions] = await Promise.all([
    attempt(
      context,
      "related videos",
      () => relatedVideos(found),
      () => null,
    ),
    // No ad configuration readable: the video plays without one.
    attempt(context, "pre-roll", currentPreRollConfig, () => null),
    loadCommunity({ request, context }, found),
    // Unreadable chapters: the page without them.
    attempt(
      context,
      "chapters",
      () => getChapters(found.id),
      () => [],
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
    title: found.title,
    description: found.description,
    views: found.views,
    duration: found.duration,
    upload_date: new Date(found.upload_date).toISOString(),
    thumbnail_url: found.thumbnail_url,
    poster_url: found.poster_url,
    video_url: found.video_url,
    storyboard_url: found.storyboard_url,
    category_name: found.category_name,
  };
  const video = withheld ? { ...withholdStills(shown), poster_url: WITHHELD_STILL, video_url: null } : shown;
  // Nothing here is per visit or per user (the play token comes from POST /api/play-token at first
  // playback; a signed-in viewer's parts from /api/viewer-state): the page micro-cache may keep it.
  return data<VideoData>({
    state: "ok",
    video,
    related: (related ?? []).map(toCardData).map(stillsFor(context)),
    relatedError: related === null,
    preRoll,
    community,
    chapters: chaptersWithin(chapters, found.duration),
    viewerScope: { video: found.id, cards: (related ?? []).map((r) => r.id) },
    withheld,
    captions: withheld ? [] : captions,
    list: query.list ?? null,
  });
}

export function meta({ loaderData: d, matches, params }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  const path = paths.video(params.videoId ?? "");
  if (d?.state !== "ok") {
    const title = d?.state === "error" ? "Error" : d?.state === "removed" ? "Video removed" : "Video not found";
    return seoMeta({ siteUrl, title, description: "The requested video could not be found.", path, noindex: true });
  }
  const v = d.video;
  const description = truncate(v.description || `Watch ${v.title}, an AI-generated video on ${site.name}.`);
  const crumbs = [{ name: "Home", path: paths.home() }];
  if (v.category_name) crumbs.push({ name: v.category_name, path: paths.category(slugify(v.category_name)) });
  crumbs.push({ name: v.title, path });
  return seoMeta({
    siteUrl,
    title: v.title,
    description,
    path,
    type: "video.other",
    image: v.poster_url ?? v.thumbnail_url,
    video: v.video_url
      ? { url: v.video_url, type: "application/vnd.apple.mpegurl", duration: v.duration, releaseDate: v.upload_date }
      : undefined,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "VideoObject",
        name: v.title,
        description,
        thumbnailUrl: [absoluteUrl(siteUrl, v.thumbnail_url ?? site.defaultSocialImage)],
        uploadDate: v.upload_date,
        duration: formatIsoDuration(v.duration),
        ...(v.video_url ? { contentUrl: absoluteUrl(siteUrl, v.video_url) } : {}),
        embedUrl: absoluteUrl(siteUrl, path),
        digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
        interactionStatistic: { "@type": "InteractionCounter", interactionType: { "@type": "WatchAction" }, userInteractionCount: v.views },
        ...keyMoments(siteUrl, path, d.chapters, v.duration),
      },
      breadcrumbs(siteUrl, crumbs),
    ],
  });
}

export default function VideoPage({ loaderData: d }: Route.ComponentProps) {
  if (d.state === "not-found" || d.state === "removed") {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-bold">{d.state === "removed" ? "Video removed" : "Video not found"}</h1>
        <p className="mt-3 text-zinc-400">
          {d.state === "removed" ? "This video has been removed and is no longer available." : "The requested video could not be found."}
        </p>
        <Link
          to={paths.home()}
          className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500"
        >
          Go to Homepage
        </Link>
      </section>
    );
  }
  if (d.state === "error") {
    return (
      <section role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-bold">Error</h1>
        <p className="mt-3 text-zinc-400">{LOAD_ERROR}</p>
      </section>
    );
  }
  return <VideoDetails {...d} />;
}

/** What plays after this video: the playlist's next one when played from a list, else the top recommendation (the first related video). */
function upNextOf(related: VideoCardData[], inList: NextInList | null): UpNextVideo | null {
  // No still from the queue: it is answered without the age check's view of stills (docs/decisions/0028).
  if (inList) return { title: inList.title, href: inList.href, thumbnail: null, from: "playlist" };
  const top = related[0];
  return top ? { title: top.title, href: paths.video(top.id), thumbnail: top.thumbnail_url, from: "recommended" } : null;
}

function VideoDetails({
  video: v,
  related,
  relatedError,
  preRoll,
  community,
  chapters,
  withheld,
  captions,
  list,
}: Extract<VideoData, { state: "ok" }>) {
  const { mode } = useViewer();
  // Theirs on this video (answered for this page's scope, so for this video), once it arrived.
  const mine = useViewerPage();
  const own = mine?.video ?? null;
  const trackView = useViewTracking(v.id);
  const trackHistory = useWatchHistory(v.id, Boolean(mine && !mine.historyPaused));
  // The resume offer, a chapter and `?t=` move the player; once it was moved, the resume offer goes.
  const { playhead, start, moveTo } = useVideoPosition(v.id, v.duration);
  const onPlaybackTime = useCallback(
    (currentTime: number, duration: number) => {
      trackView(currentTime, duration);
      trackHistory(currentTime, duration);
      playhead.set(currentTime);
    },
    [trackView, trackHistory, playhead],
  );
  const siteUrl = useRootData()?.siteUrl ?? "";
  const { queue, nextInList } = usePlaylistQueue(list, v.id);
  const autoplay = useAutoplay();
  const autoStart = isAutoStart(useLocation().state);
  const next = upNextOf(related, nextInList);
  return (
    <article>
      {withheld ? (
        <WithheldPlayer />
      ) : v.video_url ? (
        <VideoPlayer
          src={v.video_url}
          poster={v.poster_url}
          title={v.title}
          duration={v.duration}
          storyboardUrl={v.storyboard_url}
          captions={captions}
          onPlaybackTime={onPlaybackTime}
          start={start}
          chapters={chapters}
          autoStart={autoStart}
          upNext={next && { video: next, countdown: autoplay.countsDown }}
          autoplay={next ? { on: autoplay.on, set: autoplay.set } : undefined}
          onEnded={autoplay.ended}
          renderPreRoll={preRoll ? (finish) => <PreRoll config={preRoll} onDone={finish} /> : undefined}
        />
      ) : (
        <div className="grid aspect-video w-full place-items-center rounded-xl bg-ink-900 text-zinc-400">
          This video is not available yet.
        </div>
      )}
      <div className="mt-5 flex flex-wrap items-start gap-3">
        <h1 className="min-w-0 flex-1 text-2xl font-bold">{v.title}</h1>
        <span
          className="rounded-full border border-brand-500/60 bg-brand-600/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-300"
          title="This video is synthetic media created with AI. No real people appear in it."
        >
          AI-generated
        </span>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-2 text-sm text-zinc-400">
        <span>{formatViews(v.views)} views</span>
        <span aria-hidden="true">·</span>
        <time dateTime={v.upload_date} title={formatLongDate(v.upload_date)} suppressHydrationWarning>
          {formatRelativeTime(v.upload_date)}
        </time>
        <span aria-hidden="true">·</span>
        <span>
          Duration <span className="tabular-nums">{formatDuration(v.duration)}</span>
        </span>
        {v.category_name && (
          <>
            <span aria-hidden="true">·</span>
            <Link to={paths.category(slugify(v.category_name))} className="text-brand-300 hover:underline">
              {v.category_name}
            </Link>
          </>
        )}
        <span aria-hidden="true">·</span>
        {/* Its C2PA manifests in words (app/routes/video-credentials.tsx). */}
        <Link to={paths.videoCredentials(v.id)} className="text-brand-300 hover:underline">
          Content credentials
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <LikeButton videoId={v.id} likes={community.likes} liked={own?.liked ?? false} signedIn={mode !== "visitor"} />
        <FavoriteButton key={v.id} videoId={v.id} favorite={own?.favorite ?? false} title={v.title} />
        <SaveControls key={`save-${v.id}`} videoId={v.id} title={v.title} saved={own?.watchLater ?? false} />
        <ShareMenu title={v.title} url={absoluteUrl(siteUrl, paths.video(v.id))} />
        <a
          href={paths.report({ type: "video", id: v.id })}
          className="inline-flex items-center gap-2 rounded-full bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-200 hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-brand-300"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 21V4h11l-1 4h6v9H9l1-4H4" strokeLinejoin="round" />
          </svg>
          Report
        </a>
        {/* Last in the row: arriving after hydration, it moves nothing else. */}
        {own?.resumeAt && start === undefined && v.video_url && (
          <ResumeOffer seconds={own.resumeAt} onResume={() => moveTo(own.resumeAt as number, true)} />
        )}
      </div>
      {chapters.length > 0 && v.video_url && (
        <ChapterList path={paths.video(v.id)} chapters={chapters} playhead={playhead} onSelect={(at) => moveTo(at, true)} />
      )}
      <QueuePanel queue={queue} currentId={v.id} next={nextInList} />
      {v.description && <p className="mt-4 whitespace-pre-line rounded-xl bg-ink-900 p-4 text-zinc-300">{v.description}</p>}
      <p className="mt-3 text-sm text-zinc-400">
        Does this video depict you without your consent, or copy your work?{" "}
        <Link
          to={paths.takedown(absoluteUrl(siteUrl, paths.video(v.id)))}
          className="text-brand-300 underline underline-offset-2 hover:text-brand-200"
        >
          Request a takedown
        </Link>
      </p>

      <section aria-labelledby="related-heading" className="mt-10">
        <h2 id="related-heading" className="mb-4 text-xl font-bold">
          Related Videos
        </h2>
        {relatedError ? (
          <p className="text-zinc-400">{RELATED_ERROR}</p>
        ) : related.length === 0 ? (
          <p className="text-zinc-400">{NO_RELATED}</p>
        ) : (
          <div className="grid grid-cols-1 gap-x-5 gap-y-8 sm:grid-cols-2 xl:grid-cols-3">
            {related.map((r) => (
              <VideoCard key={r.id} video={r} sizes={RELATED_SIZES} />
            ))}
          </div>
        )}
      </section>
      <Comments videoId={v.id} community={community} />
    </article>
  );
}
