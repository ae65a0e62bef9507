import { Link } from "react-router";
import { formatDuration, formatViews } from "~/lib/format";

export interface VideoCardData {
  id: string;
  title: string;
  views: number;
  duration: number;
  thumbnail_url: string | null;
  category_name: string | null;
}

export function VideoCard({ video, eager = false }: { video: VideoCardData; eager?: boolean }) {
  return (
    <article className="group">
      <Link to={`/video/${video.id}`} className="block rounded-xl focus-visible:outline-offset-4">
        <div className="relative aspect-video overflow-hidden rounded-xl bg-ink-800">
          {video.thumbnail_url ? (
            <img
              src={video.thumbnail_url}
              alt=""
              width={640}
              height={360}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
            />
          ) : (
            <div className="h-full w-full bg-gradient-to-br from-ink-700 to-ink-900" />
          )}
          <span className="absolute bottom-2 right-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium tabular-nums">
            {formatDuration(video.duration)}
          </span>
          <span className="absolute left-2 top-2 rounded bg-black/70 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-brand-300">
            AI
          </span>
        </div>
        <h3 className="mt-2 line-clamp-2 font-semibold leading-snug group-hover:text-brand-300">{video.title}</h3>
      </Link>
      <p className="mt-1 text-sm text-zinc-400">
        <span>{formatViews(video.views)} views</span>
        {video.category_name && (
          <>
            <span aria-hidden="true"> · </span>
            <span>{video.category_name}</span>
          </>
        )}
      </p>
    </article>
  );
}
