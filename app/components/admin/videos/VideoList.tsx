import { Form, Link, useNavigation } from "react-router";
import { Still } from "~/components/ui/Still";
import { formatDuration } from "~/lib/format";
import { paths } from "~core/paths";
import { fieldClass as field, primaryButton, SectionHeader } from "../console-ui";

// Not in core/console-rows.ts: jobStatus is the database's TranscodeStatus (server/db/schema.ts), which core/ cannot import.
interface Row {
  id: string;
  title: string;
  isPublic: boolean;
  removed: boolean;
  uploadDate: string;
  duration: number;
  views: number;
  thumbnailUrl: string | null;
  categoryName: string | null;
  jobStatus: "queued" | "running" | "done" | "failed" | null;
}

// The route renames the job row's snake_case columns: this shape is the page's own.
interface Job {
  id: string;
  title: string;
  sourceName: string;
  status: "queued" | "running" | "done" | "failed";
  progress: number;
  error: string | null;
  createdAt: string;
}

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";
const JOB_LABELS = { queued: "Queued", running: "Transcoding", done: "Transcoded", failed: "Transcode failed" } as const;

/** The console's "Videos" section: search, visibility filter, the list (newest first) and unfinished uploads. */
export function VideoList(props: {
  videos: Row[];
  total: number;
  page: number;
  pageCount: number;
  q: string;
  visibility: "all" | "public" | "private";
  deleted: boolean;
  jobs: Job[];
}) {
  const navigation = useNavigation();
  const pageLink = (page: number) =>
    paths.admin.videos({ q: props.q, visibility: props.visibility === "all" ? undefined : props.visibility, page });
  const filtered = Boolean(props.q) || props.visibility !== "all";

  return (
    <div className="space-y-6">
      <SectionHeader
        title="Videos"
        actions={
          <Link to={paths.admin.newVideo()} className={primaryButton}>
            Upload a video
          </Link>
        }
      >
        <p>
          {props.total} {props.total === 1 ? "video" : "videos"}
          {filtered ? " match" : ""}, newest first.
        </p>
      </SectionHeader>
      {props.deleted && (
        <p role="status" className="rounded-lg border border-emerald-500/40 bg-emerald-950/40 px-3 py-2 text-sm text-emerald-200">
          The video was deleted.
        </p>
      )}

      {props.jobs.length > 0 && (
        <section aria-labelledby="jobs-heading">
          <h2 id="jobs-heading" className="mb-2 text-lg font-bold">
            Uploads in progress or failed
          </h2>
          <ul className="space-y-2">
            {props.jobs.map((j) => (
              <li key={j.id} className="rounded-lg border border-ink-700 bg-ink-900/60 px-3 py-2 text-sm">
                <span className="font-semibold">{j.title}</span> <span className="text-zinc-400">({j.sourceName})</span> ·{" "}
                <span className={j.status === "failed" ? "text-red-300" : "text-zinc-200"}>
                  {JOB_LABELS[j.status]}
                  {j.status === "running" ? ` ${j.progress}%` : ""}
                </span>
                {j.error && <span className="block break-words text-xs text-zinc-400">{j.error}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor="videos-q" className="mb-1 block text-sm text-zinc-300">
            Search titles
          </label>
          <input id="videos-q" name="q" type="search" defaultValue={props.q} maxLength={200} className={field} />
        </div>
        <div>
          <label htmlFor="videos-visibility" className="mb-1 block text-sm text-zinc-300">
            Visibility
          </label>
          <select id="videos-visibility" name="visibility" defaultValue={props.visibility} className={field}>
            <option value="all">All</option>
            <option value="public">Public</option>
            <option value="private">Not public</option>
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          Filter
        </button>
      </Form>

      {props.videos.length === 0 ? (
        <p className="rounded-lg border border-ink-700 bg-ink-900/60 px-3 py-6 text-center text-sm text-zinc-300">
          {props.total > 0 ? (
            <>
              No videos on this page.{" "}
              <Link to={pageLink(1)} className="text-brand-300 underline hover:text-brand-200">
                Go to the first page
              </Link>
            </>
          ) : filtered ? (
            "No videos match these filters."
          ) : (
            "No videos yet. Upload the first one."
          )}
        </p>
      ) : (
        <ul className={`divide-y divide-ink-700 rounded-xl border border-ink-700 ${navigation.state === "loading" ? "opacity-70" : ""}`}>
          {props.videos.map((v) => (
            <li key={v.id} className="flex items-center gap-3 p-3" data-admin-video={v.id}>
              {v.thumbnailUrl ? (
                <Still
                  src={v.thumbnailUrl}
                  sizes="96px"
                  width={96}
                  height={54}
                  loading="lazy"
                  className="h-[54px] w-24 shrink-0 rounded object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-[54px] w-24 shrink-0 rounded bg-ink-800" />
              )}
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.admin.video(v.id)}
                  className="block truncate font-semibold text-zinc-100 underline-offset-2 hover:underline"
                >
                  {v.title}
                </Link>
                <p className="mt-0.5 flex flex-wrap gap-x-2 gap-y-1 text-xs text-zinc-400">
                  <span
                    className={`${badge} ${v.isPublic ? "bg-emerald-900 text-emerald-100" : v.removed ? "bg-red-950 text-red-100" : "bg-ink-700 text-zinc-100"}`}
                  >
                    {v.isPublic ? "Public" : v.removed ? "Removed" : "Not public"}
                  </span>
                  {v.jobStatus && (
                    <span className={`${badge} ${v.jobStatus === "failed" ? "bg-red-900 text-red-100" : "bg-ink-800 text-zinc-200"}`}>
                      {JOB_LABELS[v.jobStatus]}
                    </span>
                  )}
                  <span>{v.categoryName ?? "No category"}</span>
                  <span>{formatDuration(v.duration)}</span>
                  <span>{v.views.toLocaleString("en-US")} views</span>
                  <span>{new Date(v.uploadDate).toLocaleDateString("en-US", { dateStyle: "medium" })}</span>
                </p>
              </div>
              <Link
                to={paths.admin.video(v.id)}
                className="shrink-0 rounded-lg border border-ink-700 px-3 py-1.5 text-sm font-semibold hover:bg-ink-800"
                aria-label={`Edit ${v.title}`}
              >
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}

      {props.pageCount > 1 && (
        <nav aria-label="Video pages" className="flex items-center justify-between gap-3 text-sm">
          {props.page > 1 ? (
            <Link to={pageLink(props.page - 1)} className="rounded-lg border border-ink-700 px-3 py-1.5 hover:bg-ink-800">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-300">
            Page {props.page} of {props.pageCount}
          </span>
          {props.page < props.pageCount ? (
            <Link to={pageLink(props.page + 1)} className="rounded-lg border border-ink-700 px-3 py-1.5 hover:bg-ink-800">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
