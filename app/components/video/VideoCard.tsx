import { lazy, Suspense } from "react";
import { FavoriteButton } from "~/components/account/FavoriteButton";
import { AppLink } from "~/components/ui/AppLink";
import { Still } from "~/components/ui/Still";
import { formatDuration, formatViews } from "~/lib/format";
import { textLanguage, useLocale, useMessages, usePaths } from "~/lib/i18n";
import { useCardFavorite, useSignedIn } from "~/lib/viewer-state";
import type { Locale } from "~core/locales";
import { useHoverPreview } from "./hover-preview";

// Signed-in users' menu: on a shared page it appears after hydration, so its code is no part of the first bytes.
const CardMenu = lazy(() => import("~/components/playlists/CardMenu").then((m) => ({ default: m.CardMenu })));

/** Rendered width of a card in the 1/2/4-column grid of the listing pages (layout: max-w-7xl, 300px sidebar from lg). */
export const GRID_SIZES =
  "(min-width: 1280px) 214px, (min-width: 1024px) calc((100vw - 384px) / 2), (min-width: 640px) calc((100vw - 52px) / 2), calc(100vw - 32px)";

export interface VideoCardData {
  id: string;
  title: string;
  views: number;
  duration: number;
  thumbnail_url: string | null;
  /** Storyboard WebVTT: animated on hover or keyboard focus (hover-preview.ts); none, no preview. */
  storyboard_url?: string | null;
  category_name: string | null;
  /** The title's and the category's language where it is not the page's (the English fallback, docs/i18n.md "Content"). */
  title_lang?: Locale;
  category_lang?: Locale;
}

/** Only a card's fields, for loader data (a service row carries more, e.g. upload_date, which the card never shows). */
export function toCardData(v: VideoCardData): VideoCardData {
  return {
    id: v.id,
    title: v.title,
    views: v.views,
    duration: v.duration,
    thumbnail_url: v.thumbnail_url,
    storyboard_url: v.storyboard_url,
    category_name: v.category_name,
    ...(v.title_lang && { title_lang: v.title_lang }),
    ...(v.category_lang && { category_lang: v.category_lang }),
  };
}

/**
 * `eager`: above the fold, loaded without waiting for layout. `priority`: the page's likely LCP image,
 * preloaded from <head> with fetchpriority=high; every other card is fetchpriority=low, so thumbnails in the
 * viewport (related videos under the player) do not compete with the LCP image, and the lazy ones are not fetched
 * before it is on screen (`afterLcp`, app/components/ui/Still.tsx). `sizes`: the card's rendered width (default: the grid).
 * `headingLevel`: the title's level in the page outline (2 right under a page's h1, 3 under a section's h2).
 * A favorite control sits on the thumbnail when the page lists the card in its viewer scope and someone may
 * be signed in (app/lib/viewer-state.tsx), filled once their favorites arrived; a page rendered for its user
 * that knows the state (the account's favorites) passes `favorite` instead. Under it, for a signed-in user,
 * the "More" menu (save to Watch Later or a playlist). Its texts: the views line is `common`'s, the AI badge is in
 * `listing` (a page that shows cards sends that namespace); the title and the category come from the database as
 * the page's language or, where none is published, in English, marked `lang` (docs/i18n.md "Content"), each
 * `dir="auto"` so a title in another script sits right on a right-to-left page.
 */
export function VideoCard({
  video,
  eager = false,
  priority = false,
  sizes = GRID_SIZES,
  headingLevel = 3,
  favorite: known,
}: {
  video: VideoCardData;
  eager?: boolean;
  priority?: boolean;
  sizes?: string;
  headingLevel?: 2 | 3;
  favorite?: boolean;
}) {
  const t = useMessages("listing");
  const tc = useMessages("common");
  const locale = useLocale();
  const paths = usePaths();
  const scoped = useCardFavorite(video.id);
  const menu = useSignedIn();
  const favorite = known ?? scoped;
  const Title = headingLevel === 2 ? "h2" : "h3";
  const preview = useHoverPreview(video.storyboard_url);
  return (
    <article className="group relative">
      <AppLink to={paths.video(video.id)} className="block rounded-xl focus-visible:outline-offset-4" {...preview.handlers}>
        <div className="relative aspect-video overflow-hidden rounded-xl bg-ink-800">
          {video.thumbnail_url ? (
            <Still
              src={video.thumbnail_url}
              sizes={sizes}
              preloaded={priority}
              afterLcp={!eager && !priority}
              width={640}
              height={360}
              loading={eager || priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : "low"}
              decoding={priority ? undefined : "async"}
              className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
            />
          ) : (
            <div className="h-full w-full bg-gradient-to-br from-ink-700 to-ink-900" />
          )}
          {preview.style && (
            <div data-testid="card-preview" aria-hidden="true" className="absolute inset-0 bg-no-repeat" style={preview.style} />
          )}
          <span className="absolute bottom-2 end-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium tabular-nums">
            {formatDuration(video.duration)}
          </span>
          <span className="absolute start-2 top-2 rounded bg-black/70 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-brand-300">
            {t("aiBadge")}
          </span>
        </div>
        <Title
          dir="auto"
          {...textLanguage(video.title_lang, locale)}
          className="mt-2 line-clamp-2 font-semibold leading-snug group-hover:text-brand-300"
        >
          {video.title}
        </Title>
      </AppLink>
      {favorite !== undefined && (
        <div className="absolute end-2 top-2 flex flex-col items-end gap-2">
          <FavoriteButton videoId={video.id} favorite={favorite} title={video.title} compact />
          {/* Its menu needs JavaScript: rendered once who is signed in is known (not on the shell). */}
          {menu && (
            <Suspense fallback={null}>
              <CardMenu videoId={video.id} title={video.title} />
            </Suspense>
          )}
        </div>
      )}
      <p className="mt-1 text-sm text-zinc-400">
        <span>{tc("views", { count: video.views, shown: formatViews(video.views, locale) })}</span>
        {video.category_name && (
          <>
            <span aria-hidden="true"> · </span>
            <span dir="auto" {...textLanguage(video.category_lang, locale)}>
              {video.category_name}
            </span>
          </>
        )}
      </p>
    </article>
  );
}
