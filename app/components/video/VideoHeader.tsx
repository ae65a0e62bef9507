import { Link } from "react-router";
import { formatDuration, formatLongDate, formatRelativeTime, formatViews } from "~/lib/format";
import { textLanguage, useLocale, useMessages, usePaths } from "~/lib/i18n";
import type { VideoView } from "./video-page-data";

/** Under the player: the title with the AI-generated label, then views, age, duration, category and the content credentials. */
export function VideoHeader({ video: v }: { video: VideoView }) {
  const t = useMessages("video");
  const common = useMessages("common");
  const locale = useLocale();
  const paths = usePaths();
  return (
    <>
      <div className="mt-5 flex flex-wrap items-start gap-3">
        <h1 dir="auto" {...textLanguage(v.title_lang, locale)} className="min-w-0 flex-1 text-2xl font-bold">
          {v.title}
        </h1>
        <span
          className="rounded-full border border-brand-500/60 bg-brand-600/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-300"
          title={t("aiGeneratedTitle")}
        >
          {t("aiGenerated")}
        </span>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-2 text-sm text-zinc-400">
        <span>{common("views", { count: v.views, shown: formatViews(v.views, locale) })}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={v.upload_date} title={formatLongDate(v.upload_date, locale)} suppressHydrationWarning>
          {formatRelativeTime(v.upload_date, new Date(), locale)}
        </time>
        <span aria-hidden="true">·</span>
        <span>
          {t("duration")} <span className="tabular-nums">{formatDuration(v.duration)}</span>
        </span>
        {v.category_name && v.category_slug && (
          <>
            <span aria-hidden="true">·</span>
            <Link
              to={paths.category(v.category_slug)}
              dir="auto"
              {...textLanguage(v.category_lang, locale)}
              className="text-brand-300 hover:underline"
            >
              {v.category_name}
            </Link>
          </>
        )}
        <span aria-hidden="true">·</span>
        {/* Its C2PA manifests in words (app/routes/video-credentials.tsx). */}
        <Link to={paths.videoCredentials(v.id)} className="text-brand-300 hover:underline">
          {t("contentCredentials")}
        </Link>
      </p>
    </>
  );
}
