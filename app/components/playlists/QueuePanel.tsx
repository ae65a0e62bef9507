import { Link } from "react-router";
import { formatDuration } from "~/lib/format";
import { textLanguage, useLocale, useMessages, usePaths } from "~/lib/i18n";
import type { NextInList, QueueState } from "~/lib/use-playlist-queue";
import { WATCH_LATER } from "~core/playlists";

/**
 * The play-through queue beside a video played from a playlist: the list's title, where this video is
 * ("3 / 12"), the videos around it (the current one marked aria-current), each linked with the list kept,
 * and a "Next" link (`next.href` in the page's language). A list that is private to someone else, deleted or
 * unreadable says so plainly.
 */
export function QueuePanel({ queue, currentId, next }: { queue: QueueState; currentId: string; next: NextInList | null }) {
  const t = useMessages("playlists");
  const paths = usePaths();
  const locale = useLocale();
  if (queue.state === "none") return null;
  const frame = "mt-6 rounded-xl border border-ink-800 bg-ink-900";
  if (queue.state === "loading") return <section aria-label={t("queueLabel")} aria-busy="true" className={`${frame} h-24`} />;
  if (queue.state === "missing") {
    return (
      <section aria-label={t("queueLabel")} className={`${frame} p-4 text-sm text-zinc-400`}>
        {t("queueUnavailable")}
      </section>
    );
  }
  const q = queue.queue;
  return (
    <section aria-labelledby="queue-heading" className={frame}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-ink-800 px-4 py-3">
        <h2 id="queue-heading" className="min-w-0 flex-1 truncate font-semibold">
          <Link to={paths.playlist(q.ref)} dir={q.ref === WATCH_LATER ? undefined : "auto"} className="hover:text-brand-300">
            {q.ref === WATCH_LATER ? t("watchLater") : q.title}
          </Link>
        </h2>
        <span className="text-sm tabular-nums text-zinc-400">
          {q.position ?? "–"} / {q.total}
        </span>
        {next && (
          <Link
            to={next.href}
            className="rounded-full bg-ink-800 px-3 py-1 text-sm font-semibold hover:bg-ink-700"
            aria-label={t("nextLabel", { title: next.title })}
          >
            {t("next")}
          </Link>
        )}
      </div>
      {q.items.length === 0 ? (
        <p className="px-4 py-3 text-sm text-zinc-400">{t("queueEmpty")}</p>
      ) : (
        <ol className="max-h-72 overflow-y-auto py-1">
          {q.items.map((item) => {
            const current = item.id === currentId;
            return (
              <li key={item.id}>
                <Link
                  to={paths.video(item.id, { list: q.ref })}
                  aria-current={current ? "true" : undefined}
                  className={`flex items-center gap-3 px-4 py-2 text-sm hover:bg-ink-800 ${current ? "bg-ink-800 font-semibold text-brand-300" : "text-zinc-200"}`}
                >
                  <span className="w-8 shrink-0 text-end tabular-nums text-zinc-400">{current ? "▶" : item.index}</span>
                  <span dir="auto" {...textLanguage(item.title_lang, locale)} className="min-w-0 flex-1 truncate">
                    {item.title}
                  </span>
                  <span className="tabular-nums text-zinc-400">{formatDuration(item.duration)}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
