import { useCallback } from "react";
import { Link, useLocation } from "react-router";
import { FavoriteButton } from "~/components/account/FavoriteButton";
import { ResumeOffer } from "~/components/account/ResumeOffer";
import { Comments } from "~/components/community/Comments";
import { LikeButton } from "~/components/community/LikeButton";
import { WithheldPlayer } from "~/components/layout/AgeCheck";
import { PreRoll } from "~/components/player/PreRoll";
import { isAutoStart } from "~/components/player/UpNext";
import { VideoPlayer } from "~/components/player/VideoPlayer";
import { QueuePanel } from "~/components/playlists/QueuePanel";
import { SaveControls } from "~/components/playlists/SaveControls";
import { textLanguage, useLocale, useMessages, usePaths } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { absoluteUrl } from "~/lib/seo";
import { useAutoplay } from "~/lib/use-autoplay";
import { usePlaylistQueue } from "~/lib/use-playlist-queue";
import { useViewTracking } from "~/lib/use-view-tracking";
import { useWatchHistory } from "~/lib/use-watch-history";
import { useViewer, useViewerPage } from "~/lib/viewer-state";
import { upNextOf } from "~core/autoplay";
import { localizePath } from "~core/locales";
import { ChapterList } from "./ChapterList";
import { RelatedVideos } from "./RelatedVideos";
import { ShareMenu } from "./ShareMenu";
import { Transcript } from "./Transcript";
import { useVideoPosition } from "./use-video-position";
import { VideoHeader } from "./VideoHeader";
import type { ShownVideo } from "./video-page-data";

/**
 * The video page of a video that plays (docs/product.md "Video page"): the player, its facts and controls, chapters,
 * the playlist queue, the description, related videos and comments. The viewer's own parts arrive after hydration.
 */
export function VideoDetails({
  video: v,
  related,
  relatedError,
  preRoll,
  community,
  chapters,
  chaptersLang,
  withheld,
  captions,
  list,
}: ShownVideo) {
  const t = useMessages("video");
  const locale = useLocale();
  const paths = usePaths();
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
  const queue = usePlaylistQueue(list, v.id, locale);
  // What plays next stays in the page's language (the queue and the recommendations give English addresses).
  const nextInList = queue.nextInList && { ...queue.nextInList, href: localizePath(locale, queue.nextInList.href) };
  const autoplay = useAutoplay();
  const autoStart = isAutoStart(useLocation().state);
  const upNext = upNextOf(related, queue.nextInList);
  const next = upNext && { ...upNext, href: localizePath(locale, upNext.href) };
  const page = paths.video(v.id);
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
        <div className="grid aspect-video w-full place-items-center rounded-xl bg-ink-900 text-zinc-400">{t("notAvailableYet")}</div>
      )}
      <VideoHeader video={v} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <LikeButton videoId={v.id} likes={community.likes} liked={own?.liked ?? false} signedIn={mode !== "visitor"} />
        <FavoriteButton key={v.id} videoId={v.id} favorite={own?.favorite ?? false} title={v.title} />
        <SaveControls key={`save-${v.id}`} videoId={v.id} title={v.title} saved={own?.watchLater ?? false} />
        <ShareMenu title={v.title} url={absoluteUrl(siteUrl, page)} />
        <a
          href={paths.report({ type: "video", id: v.id })}
          className="inline-flex items-center gap-2 rounded-full bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-200 hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-brand-300"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 21V4h11l-1 4h6v9H9l1-4H4" strokeLinejoin="round" />
          </svg>
          {t("report")}
        </a>
        {/* Last in the row: arriving after hydration, it moves nothing else. */}
        {own?.resumeAt && start === undefined && v.video_url && (
          <ResumeOffer seconds={own.resumeAt} onResume={() => moveTo(own.resumeAt as number, true)} />
        )}
      </div>
      {chapters.length > 0 && v.video_url && (
        <ChapterList path={page} chapters={chapters} lang={chaptersLang} playhead={playhead} onSelect={(at) => moveTo(at, true)} />
      )}
      {captions.length > 0 && v.video_url && !withheld && (
        <Transcript key={v.id} tracks={captions} playhead={playhead} onSelect={(at) => moveTo(at, true)} />
      )}
      <QueuePanel queue={queue.queue} currentId={v.id} next={nextInList} />
      {v.description && (
        <p
          dir="auto"
          {...textLanguage(v.description_lang, locale)}
          className="mt-4 whitespace-pre-line rounded-xl bg-ink-900 p-4 text-zinc-300"
        >
          {v.description}
        </p>
      )}
      <p className="mt-3 text-sm text-zinc-400">
        {t("takedownQuestion")}{" "}
        <Link to={paths.takedown(absoluteUrl(siteUrl, page))} className="text-brand-300 underline underline-offset-2 hover:text-brand-200">
          {t("requestTakedown")}
        </Link>
      </p>

      <RelatedVideos related={related} failed={relatedError} />
      <Comments videoId={v.id} community={community} />
    </article>
  );
}
