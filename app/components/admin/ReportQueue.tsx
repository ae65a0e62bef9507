import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Pagination } from "~/components/ui/Pagination";
import { Still } from "~/components/ui/Still";
import type { ConsoleActionResult } from "~/lib/console-result";
import type { QueueItem } from "~core/console-rows";
import { paths } from "~core/paths";
import { MODERATION_NOTE, reasonLabel } from "~core/report-schema";
import type { ReportTarget } from "~core/report-target";
import { ActionError, Badge, dangerButton, fieldClass, formatWhen, SectionHeader, secondaryButton, waitedFor } from "./console-ui";

const KIND_LABEL: Record<ReportTarget["type"], string> = { video: "Video", comment: "Comment", playlist: "Playlist" };

/** The console's "Reports" section: reported items, the one waiting longest first, and the decisions. */
export function ReportQueue(props: {
  page: number;
  pageCount: number;
  total: number;
  now: string;
  items: QueueItem<string>[];
  burst: ReactNode;
}) {
  return (
    <div>
      <SectionHeader title="Reports">
        <p>
          Reported videos, comments and playlists, the one waiting longest first. Reports of a real person without consent or of a possible
          minor hide the item until you decide, within the budget on automatic hiding. Every decision closes the item's reports and goes
          into the audit log with your reason.
        </p>
      </SectionHeader>
      <p className="mb-3 text-sm text-zinc-400" aria-live="polite">
        {props.total === 1 ? "1 item with open reports" : `${props.total} items with open reports`}
      </p>
      {props.items.length === 0 ? (
        <p className="rounded-xl border border-ink-700 bg-ink-900/60 p-6 text-sm text-zinc-300">
          No open reports. Nothing is waiting for a decision.
        </p>
      ) : (
        <ul aria-label="Reported items" className="space-y-4">
          {props.items.map((item) => (
            <QueueItemCard key={`${item.target.type}:${item.target.id}`} item={item} now={props.now} />
          ))}
        </ul>
      )}
      <Pagination current={props.page} total={props.pageCount} hrefFor={paths.admin.reports} />
      {props.burst}
    </div>
  );
}

function QueueItemCard({ item, now }: { item: QueueItem<string>; now: string }) {
  const key = `${item.target.type}:${item.target.id}`;
  const fetcher = useFetcher<ConsoleActionResult>({ key: `report-${key}` });
  const busy = fetcher.state !== "idle";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const noteId = `note-${item.target.id}`;
  const noteError = failed?.fieldErrors.note;
  const what =
    item.target.type === "playlist"
      ? `playlist ${item.playlist?.title ?? ""}`
      : item.target.type === "video"
        ? `video ${item.videoTitle ?? ""}`
        : `comment on ${item.videoTitle ?? ""}`;
  const author = item.comment ?? item.playlist;
  return (
    <li
      data-report-target={key}
      className={`rounded-xl border p-4 ${item.held ? "border-amber-700/70 bg-amber-950/20" : "border-ink-700 bg-ink-900/60"}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge tone="info">{KIND_LABEL[item.target.type]}</Badge>
        {item.gone ? (
          <Badge tone="muted">No longer exists</Badge>
        ) : item.held ? (
          <Badge tone="warn">Hidden pending review</Badge>
        ) : (
          <Badge tone="ok">Visible</Badge>
        )}
        <span className="text-zinc-300">
          {item.total === 1 ? "1 report" : `${item.total} reports`}, first{" "}
          <time dateTime={item.firstReportedAt}>{formatWhen(item.firstReportedAt)}</time> (waiting {waitedFor(item.firstReportedAt, now)})
        </span>
      </div>

      <div className="mt-3">
        {item.target.type === "video" ? (
          <div className="flex items-start gap-3">
            {item.thumbnailUrl && (
              <Still src={item.thumbnailUrl} sizes="112px" width={120} height={68} className="aspect-video w-28 rounded object-cover" />
            )}
            <div className="min-w-0">
              <p className="break-words font-semibold text-zinc-100">{item.videoTitle ?? "Deleted video"}</p>
              {item.videoId && (
                <p className="mt-1 flex flex-wrap gap-3 text-sm">
                  <Link to={paths.admin.video(item.videoId)} className="text-brand-300 hover:underline">
                    Edit in the console
                  </Link>
                  {item.videoPublic && (
                    <Link to={paths.video(item.videoId)} className="text-brand-300 hover:underline">
                      Public page
                    </Link>
                  )}
                </p>
              )}
            </div>
          </div>
        ) : item.comment ? (
          <div>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="break-all font-semibold text-zinc-100">{item.comment.authorEmail ?? "Deleted user"}</span>
              {item.comment.authorBanned && <Badge tone="warn">Banned</Badge>}
              {item.comment.deleted && <Badge tone="muted">Deleted</Badge>}
            </p>
            <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-2 border-ink-700 pl-3 text-sm text-zinc-200">
              {item.comment.text}
            </blockquote>
            {item.videoId && (
              <p className="mt-1 text-sm text-zinc-400">
                On{" "}
                <Link to={paths.video(item.videoId)} className="text-brand-300 hover:underline">
                  {item.videoTitle}
                </Link>
              </p>
            )}
          </div>
        ) : item.playlist ? (
          <div>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="break-all font-semibold text-zinc-100">{item.playlist.authorEmail ?? "Deleted user"}</span>
              {item.playlist.authorBanned && <Badge tone="warn">Banned</Badge>}
              {!item.playlist.isPublic && <Badge tone="muted">Private now</Badge>}
            </p>
            <p className="mt-2 break-words font-semibold text-zinc-100">
              {item.playlist.isPublic && !item.held ? (
                <Link to={paths.playlist(item.target.id)} className="text-brand-300 hover:underline">
                  {item.playlist.title}
                </Link>
              ) : (
                item.playlist.title
              )}
            </p>
            {item.playlist.description && (
              <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-2 border-ink-700 pl-3 text-sm text-zinc-200">
                {item.playlist.description}
              </blockquote>
            )}
          </div>
        ) : (
          <p className="text-sm text-zinc-400">The {item.target.type} no longer exists.</p>
        )}
      </div>

      <h3 className="sr-only">Reasons</h3>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Reasons">
        {item.reasons.map((r) => (
          <li key={r.reason} className="rounded-full bg-ink-800 px-3 py-1 text-xs text-zinc-200">
            {reasonLabel(r.reason)} <span className="font-semibold">× {r.count}</span>
          </li>
        ))}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-zinc-300">
          The reports ({item.reports.length === item.total ? item.total : `first ${item.reports.length} of ${item.total}`})
        </summary>
        <ul className="mt-2 space-y-2">
          {item.reports.map((r) => (
            <li key={r.reference} className="rounded-lg bg-ink-950 p-3">
              <p className="flex flex-wrap gap-x-3 text-zinc-300">
                <span className="font-mono">{r.reference}</span>
                <span>{reasonLabel(r.reason)}</span>
                <time dateTime={r.createdAt}>{formatWhen(r.createdAt)}</time>
                <span className="break-all">{r.reporterEmail ?? "Visitor"}</span>
              </p>
              {r.details && <p className="mt-1 whitespace-pre-wrap break-words text-zinc-200">{r.details}</p>}
            </li>
          ))}
        </ul>
      </details>

      <fetcher.Form method="post" className="mt-4 space-y-2" aria-label={`Decide on the ${what}`}>
        <input type="hidden" name="targetType" value={item.target.type} />
        <input type="hidden" name="targetId" value={item.target.id} />
        <label htmlFor={noteId} className="block text-sm text-zinc-300">
          Reason for your decision
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={2}
          required
          minLength={MODERATION_NOTE.min}
          maxLength={MODERATION_NOTE.max}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${noteId}-error` : undefined}
          className={fieldClass}
        />
        {noteError && (
          <p id={`${noteId}-error`} className="text-sm text-red-300">
            {noteError}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value={item.held ? "restore" : "dismiss"} className={secondaryButton} disabled={busy}>
            {item.held ? "Restore" : "Dismiss"}
            <span className="sr-only"> the {what}</span>
          </button>
          {!item.gone && item.target.type === "video" && (
            <button type="submit" name="intent" value="remove" className={dangerButton} disabled={busy}>
              Remove video (deletes its media)
            </button>
          )}
          {!item.gone && item.target.type === "comment" && !item.comment?.deleted && (
            <button type="submit" name="intent" value="remove" className={dangerButton} disabled={busy}>
              Remove comment
            </button>
          )}
          {!item.gone && item.target.type === "playlist" && (
            <button type="submit" name="intent" value="remove" className={dangerButton} disabled={busy}>
              Remove playlist
            </button>
          )}
          {!item.gone && item.target.type !== "video" && author?.authorId && !author.authorBanned && (
            <button type="submit" name="intent" value="ban" className={dangerButton} disabled={busy}>
              Remove and ban the author
            </button>
          )}
        </div>
        {!noteError && <ActionError message={failed?.message} />}
      </fetcher.Form>
    </li>
  );
}
