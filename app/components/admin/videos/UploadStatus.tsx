import { Link } from "react-router";
import { paths } from "~core/paths";
import { primaryButton, secondaryButton } from "../console-ui";

/** What the transcode endpoint (app/routes/admin/video-job.ts) answers. */
export interface JobState {
  status: "queued" | "running" | "done" | "failed";
  progress: number;
  error: string | null;
  videoId: string;
  publish: boolean;
}

/** Where the upload page is: the file going up (or stopped midway), the form being checked, the transcode. */
export type Phase =
  | { name: "idle" }
  | { name: "uploading"; sent: number; total: number; reconnecting: boolean }
  | { name: "interrupted"; sent: number; total: number; message: string }
  | { name: "submitting" }
  | { name: "transcoding"; jobId: string; job: JobState | null };

function megabytes(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** Under the upload form: the upload's progress (and resuming it), then the transcode's, then where to go next. */
export function UploadStatus({ phase, onResume, onAnother }: { phase: Phase; onResume: () => void; onAnother: () => void }) {
  if (phase.name === "idle") return <div aria-live="polite" />;
  return (
    <section aria-live="polite" aria-label="Upload progress" className="space-y-3 rounded-xl border border-ink-700 bg-ink-900/60 p-4">
      {(phase.name === "uploading" || phase.name === "interrupted") && (
        <>
          <ProgressBar label="Upload" value={phase.total ? (phase.sent / phase.total) * 100 : 0} />
          <p className="text-sm text-zinc-300">
            {megabytes(phase.sent)} of {megabytes(phase.total)} sent
            {phase.name === "uploading" && phase.reconnecting && " · connection lost, reconnecting…"}
          </p>
          {phase.name === "interrupted" && (
            <div className="flex flex-wrap items-center gap-3">
              <p role="alert" className="text-sm text-amber-200">
                {phase.message}
              </p>
              <button type="button" className={primaryButton} onClick={onResume}>
                Resume upload
              </button>
            </div>
          )}
        </>
      )}
      {phase.name === "submitting" && <p className="text-sm text-zinc-300">Upload complete. Checking the file…</p>}
      {phase.name === "transcoding" && <TranscodeStatus job={phase.job} />}
      {phase.name === "transcoding" && (phase.job?.status === "done" || phase.job?.status === "failed") && (
        <button type="button" className={secondaryButton} onClick={onAnother}>
          Upload another video
        </button>
      )}
    </section>
  );
}

function TranscodeStatus({ job }: { job: JobState | null }) {
  if (!job || job.status === "queued") return <p className="text-sm text-zinc-300">Upload complete. Waiting for the transcoder…</p>;
  if (job.status === "running")
    return (
      <>
        <ProgressBar label="Transcode" value={job.progress} />
        <p className="text-sm text-zinc-300">Transcoding: {job.progress}%</p>
      </>
    );
  if (job.status === "failed")
    return (
      <p role="alert" className="text-sm text-red-300">
        The transcode failed, so no video was added: {job.error ?? "unknown error"}
      </p>
    );
  return (
    <div className="space-y-2">
      <ProgressBar label="Transcode" value={100} />
      <p className="text-sm text-emerald-300">The video is ready{job.publish ? " and public" : " (private)"}.</p>
      <p className="flex flex-wrap gap-4 text-sm">
        {job.publish && (
          <Link to={paths.video(job.videoId)} className="font-semibold text-brand-300 underline hover:text-brand-200">
            Watch the video
          </Link>
        )}
        <Link to={paths.admin.video(job.videoId)} className="font-semibold text-brand-300 underline hover:text-brand-200">
          Edit the video
        </Link>
        <Link to={paths.admin.videos()} className="font-semibold text-brand-300 underline hover:text-brand-200">
          Back to all videos
        </Link>
      </p>
    </div>
  );
}

function ProgressBar({ label, value }: { label: string; value: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={`${label} progress`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-3 w-full overflow-hidden rounded-full bg-ink-800"
    >
      <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
