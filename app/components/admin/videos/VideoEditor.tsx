import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Still } from "~/components/ui/Still";
import { paths } from "~core/paths";
import { checkVideoFields, type VideoFieldErrors, videoFieldsFromForm } from "~core/video-schema";
import { dangerButton, formatWhen, primaryButton, secondaryButton } from "../console-ui";
import { VideoFields, type VideoFieldValues } from "./VideoFields";

/**
 * What the route's action answers (the route imports this, never the other way round). A refused update
 * sends the fields back as they were posted, so a form posted without JavaScript shows them again.
 */
export type EditActionResult =
  | { intent: string; ok: true }
  | { intent: string; ok: false; fieldErrors: VideoFieldErrors; values?: VideoFieldValues };

/** The posted fields as the form shows them again after a refusal. */
export function postedVideoFields(raw: Record<string, string>): VideoFieldValues {
  return { title: raw.title ?? "", description: raw.description ?? "", category: raw.category ?? "", isPublic: raw.isPublic !== undefined };
}

interface EditableVideo {
  id: string;
  title: string;
  description: string | null;
  categoryName: string | null;
  isPublic: boolean;
  uploadDate: string;
  thumbnailUrl: string | null;
  removed: { at: string; reason: string | null } | null;
  attestation: { email: string; agreedAt: string; version: string; text: string; note: string | null } | null;
}

/**
 * Edit a video's fields (checked in the browser with the server's schema) and delete it after a confirmation;
 * `children` (more sections of the video, such as its chapters and captions) go between the two.
 * `documentResult` is the action's answer to the details form posted without JavaScript (a full page load).
 */
export function VideoEditor({
  video,
  categories,
  documentResult,
  children,
}: {
  video: EditableVideo;
  categories: string[];
  documentResult?: EditActionResult;
  children?: ReactNode;
}) {
  const save = useFetcher<EditActionResult>({ key: `video-update-${video.id}` });
  const remove = useFetcher<EditActionResult>({ key: `video-delete-${video.id}` });
  const [clientErrors, setClientErrors] = useState<VideoFieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const result = save.data ?? documentResult;
  const serverErrors = save.state === "idle" && result && !result.ok ? result.fieldErrors : {};
  // Without JavaScript a refusal comes back as a new page: the fields show what was posted, not what is saved.
  const refusedValues = !save.data && documentResult && !documentResult.ok ? documentResult.values : undefined;
  const errors = Object.keys(clientErrors).length ? clientErrors : serverErrors;
  const saved = save.state === "idle" && save.data?.ok;
  const deleteError = remove.state === "idle" && remove.data && !remove.data.ok ? remove.data.fieldErrors.form : undefined;

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to={paths.admin.videos()} className="text-brand-300 underline hover:text-brand-200">
              All videos
            </Link>
          </p>
          <h1 className="mt-1 break-words text-2xl font-bold">Edit video</h1>
          <p className="mt-1 text-sm text-zinc-300">
            Added {new Date(video.uploadDate).toLocaleDateString("en-US", { dateStyle: "medium" })} ·{" "}
            {video.isPublic ? (
              <Link to={paths.video(video.id)} className="text-brand-300 underline hover:text-brand-200">
                View public page
              </Link>
            ) : (
              "Private: not listed or playable by visitors"
            )}
          </p>
        </div>
        {video.thumbnailUrl && (
          <Still src={video.thumbnailUrl} sizes="160px" width={160} height={90} className="h-[90px] w-40 rounded-lg object-cover" />
        )}
      </div>

      {video.removed && (
        <p role="note" className="rounded-lg border border-red-500/50 bg-red-950/40 px-3 py-2 text-sm text-red-100">
          Removed {formatWhen(video.removed.at)}
          {video.removed.reason ? `: ${video.removed.reason}` : ""}. Its media are deleted; it cannot be made public again.
        </p>
      )}
      <section
        aria-labelledby="attestation-heading"
        data-testid="video-attestation"
        className="rounded-xl border border-ink-700 bg-ink-900/60 p-4 text-sm"
      >
        <h2 id="attestation-heading" className="font-semibold">
          Upload attestation
        </h2>
        {video.attestation ? (
          <>
            <blockquote className="mt-2 border-l-2 border-ink-700 pl-3 text-zinc-200">{video.attestation.text}</blockquote>
            {video.attestation.note && <p className="mt-2 whitespace-pre-wrap break-words text-zinc-300">Note: {video.attestation.note}</p>}
            <p className="mt-2 text-zinc-400">
              Agreed by {video.attestation.email} on {formatWhen(video.attestation.agreedAt)} (text version {video.attestation.version}).
            </p>
          </>
        ) : (
          <p className="mt-2 text-zinc-300">None on record: a demo video, or added from the command line.</p>
        )}
      </section>

      <save.Form
        method="post"
        aria-label="Video details"
        noValidate
        className="space-y-4 rounded-xl border border-ink-700 bg-ink-900/60 p-4"
        onSubmit={(event) => {
          const checked = checkVideoFields(videoFieldsFromForm(new FormData(event.currentTarget)) ?? {});
          setClientErrors(checked.ok ? {} : checked.errors);
          if (!checked.ok) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="update" />
        {errors.form && (
          <p role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200">
            {errors.form}
          </p>
        )}
        <VideoFields
          idPrefix="edit"
          values={
            refusedValues ?? {
              title: video.title,
              description: video.description ?? "",
              category: video.categoryName ?? "",
              isPublic: video.isPublic,
            }
          }
          categories={categories}
          errors={errors}
          onEdit={(name) => setClientErrors(({ [name]: _gone, ...rest }) => rest)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} disabled={save.state !== "idle"}>
            {save.state !== "idle" ? "Saving…" : "Save changes"}
          </button>
          <p aria-live="polite" className="text-sm text-emerald-300">
            {saved ? "Saved." : ""}
          </p>
        </div>
      </save.Form>

      {children}

      <section aria-labelledby="delete-heading" className="space-y-3 rounded-xl border border-red-500/40 bg-red-950/20 p-4">
        <h2 id="delete-heading" className="text-lg font-bold">
          Delete this video
        </h2>
        <p className="text-sm text-zinc-300">Removes the video, its likes, comments and media files. This cannot be undone.</p>
        {deleteError && (
          <p role="alert" className="text-sm text-red-300">
            {deleteError}
          </p>
        )}
        {!confirming ? (
          <button type="button" className={dangerButton} onClick={() => setConfirming(true)}>
            Delete video…
          </button>
        ) : (
          <remove.Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="confirm" value="yes" />
            <p className="w-full text-sm font-semibold text-red-200">Delete “{video.title}” for good?</p>
            <button ref={confirmButton} type="submit" className={dangerButton} disabled={remove.state !== "idle"}>
              {remove.state !== "idle" ? "Deleting…" : "Yes, delete permanently"}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </remove.Form>
        )}
      </section>
    </div>
  );
}
