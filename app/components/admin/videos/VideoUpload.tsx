import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ATTESTATION_FORM_FIELDS, checkAttestation } from "~core/attestation";
import { formStrings } from "~core/params";
import { paths } from "~core/paths";
import {
  checkVideoFields,
  formatLimit,
  refuseVideoFile,
  UPLOAD_CHUNK_BYTES,
  type VideoFieldErrors,
  videoFieldsFromForm,
} from "~core/video-schema";
import { fieldErrorClass as fieldError, primaryButton, secondaryButton } from "../console-ui";
import { AttestationFields } from "./AttestationFields";
import { type Phase, UploadStatus } from "./UploadStatus";
import { useTranscodeProgress } from "./use-transcode-progress";
import { VideoFields } from "./VideoFields";

/** What the route's action answers (the route imports this, never the other way round). */
export type UploadActionResult =
  | { ok: true; jobId: string; videoId: string }
  | { ok: false; fieldErrors: VideoFieldErrors; fileRefused: boolean };

/** Waits between reconnection attempts; after the last one the admin can resume by hand. */
const RETRY_DELAYS_MS = [0, 1000, 2000, 4000, 8000, 15_000, 30_000];

type TusUpload = import("tus-js-client").Upload;

/**
 * Upload from the browser (issue 11): the fields are checked first, then the file goes up in chunks over
 * tus (tus-js-client, loaded only here), resuming from the server's offset after a dropped connection;
 * then the form is submitted with the upload's id and the page follows the transcode until the video is
 * ready. An upload whose fields were refused is kept: fixing the field sends the form again, not the file.
 */
export function VideoUpload({ categories, maxBytes }: { categories: string[]; maxBytes: number }) {
  const fetcher = useFetcher<UploadActionResult>();
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [errors, setErrors] = useState<VideoFieldErrors & { file?: string }>({});
  const finished = useRef<{ file: File; id: string } | null>(null);
  const current = useRef<TusUpload | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The action's answer: a queued job to follow, or refusals to show.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      finished.current = null;
      setPhase({ name: "transcoding", jobId: result.jobId, job: null });
    } else {
      // A refused file is gone from the server: choosing it again uploads it again.
      if (result.fileRefused) finished.current = null;
      setErrors(result.fieldErrors);
      setPhase({ name: "idle" });
    }
  }, [fetcher.state, fetcher.data]);

  useTranscodeProgress(phase, setPhase);

  useEffect(() => () => void current.current?.abort(), []);

  function submitFields(uploadId: string, form: FormData) {
    const body = new FormData();
    body.set("intent", "create");
    body.set("uploadId", uploadId);
    for (const key of ["title", "description", "category", "isPublic", ...ATTESTATION_FORM_FIELDS]) {
      const value = form.get(key);
      if (typeof value === "string") body.set(key, value);
    }
    setPhase({ name: "submitting" });
    void fetcher.submit(body, { method: "post" });
  }

  async function startUpload(file: File, form: FormData, resume?: TusUpload) {
    const { Upload } = await import("tus-js-client");
    const upload =
      resume ??
      new Upload(file, {
        endpoint: paths.admin.uploads(),
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { filename: file.name, filetype: file.type },
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => setPhase({ name: "uploading", sent, total, reconnecting: false }),
        onShouldRetry: (err) => {
          const status = err.originalResponse?.getStatus() ?? 0;
          // The server's refusals (type, size, unknown upload) are final; lost connections and 5xx are not.
          if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
          setPhase((p) => (p.name === "uploading" ? { ...p, reconnecting: true } : p));
          return true;
        },
        onError: (err) => {
          const response = "originalResponse" in err ? err.originalResponse : null;
          const status = response?.getStatus() ?? 0;
          if (status >= 400 && status < 500) {
            current.current = null;
            setErrors({ file: uploadRefusal(status, response?.getBody() ?? "", maxBytes) });
            setPhase({ name: "idle" });
            return;
          }
          setPhase((p) => ({
            name: "interrupted",
            sent: p.name === "uploading" ? p.sent : 0,
            total: file.size,
            message: "The connection was lost. What was sent is kept on the server: resume to send the rest.",
          }));
        },
        onSuccess: () => {
          current.current = null;
          const id = upload.url?.split("/").pop() ?? "";
          finished.current = { file, id };
          submitFields(id, form);
        },
      });
    current.current = upload;
    if (!resume) {
      // The same file picked again after a closed tab continues where it stopped.
      const previous = await upload.findPreviousUploads();
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    }
    setPhase({ name: "uploading", sent: 0, total: file.size, reconnecting: false });
    upload.start();
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const raw = videoFieldsFromForm(form) ?? {};
    const checked = checkVideoFields(raw);
    const attested = checkAttestation(formStrings(form, ATTESTATION_FORM_FIELDS) ?? {});
    const file = form.get("file");
    const fileProblem =
      file instanceof File && file.name ? refuseVideoFile(file.name, file.type, file.size, maxBytes) : "Choose a video file";
    const next: VideoFieldErrors & { file?: string } = { ...(checked.ok ? {} : checked.errors), ...(attested.ok ? {} : attested.errors) };
    if (fileProblem) next.file = fileProblem;
    setErrors(next);
    if (Object.keys(next).length || !(file instanceof File)) return;
    if (finished.current?.file === file) return submitFields(finished.current.id, form);
    void startUpload(file, form);
  }

  const busy = phase.name === "uploading" || phase.name === "interrupted" || phase.name === "submitting" || phase.name === "transcoding";

  return (
    <div className="space-y-6">
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="space-y-4 rounded-xl border border-ink-700 bg-ink-900/60 p-4"
        aria-describedby={errors.form ? "upload-form-error" : undefined}
      >
        <noscript>
          <p className="rounded-lg border border-amber-500/50 bg-amber-950/40 px-3 py-2 text-sm text-amber-100">
            Uploading needs JavaScript: the file is sent in resumable pieces.
          </p>
        </noscript>
        {errors.form && (
          <p
            id="upload-form-error"
            role="alert"
            className="rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200"
          >
            {errors.form}
          </p>
        )}
        <div>
          <label htmlFor="upload-file" className="mb-1 block text-sm text-zinc-300">
            Video file <span className="text-zinc-400">(MP4, MOV, WebM, MKV, AVI or MPEG; up to {formatLimit(maxBytes)})</span>
          </label>
          <input
            id="upload-file"
            name="file"
            type="file"
            accept="video/*,.mp4,.m4v,.mov,.webm,.mkv,.avi,.mpeg,.mpg,.ogv,.3gp"
            disabled={busy}
            className="block w-full text-sm text-zinc-200 file:mr-3 file:rounded-lg file:border file:border-solid file:border-zinc-500 file:bg-ink-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-zinc-100 hover:file:bg-ink-800"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? "upload-file-error" : undefined}
            onChange={() => {
              finished.current = null;
              setErrors(({ file: _file, form: _form, ...rest }) => rest);
            }}
          />
          {errors.file && (
            <p id="upload-file-error" role="alert" className={fieldError}>
              {errors.file}
            </p>
          )}
        </div>
        <VideoFields
          idPrefix="upload"
          values={{ title: "", description: "", category: "", isPublic: false }}
          categories={categories}
          errors={errors}
          disabled={busy}
          onEdit={(name) => setErrors(({ [name]: _gone, ...rest }) => rest)}
        />
        <AttestationFields errors={errors} disabled={busy} onEdit={(name) => setErrors(({ [name]: _gone, ...rest }) => rest)} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} disabled={busy}>
            Upload video
          </button>
          {(phase.name === "uploading" || phase.name === "interrupted") && (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                // Abandoning deletes what was sent (tus termination).
                void current.current?.abort(true);
                current.current = null;
                setPhase({ name: "idle" });
              }}
            >
              Cancel upload
            </button>
          )}
        </div>
      </form>
      <UploadStatus
        phase={phase}
        onAnother={() => {
          formRef.current?.reset();
          setErrors({});
          setPhase({ name: "idle" });
          formRef.current?.querySelector<HTMLInputElement>("#upload-file")?.focus();
        }}
        onResume={() => {
          const upload = current.current;
          const file = formRef.current?.querySelector<HTMLInputElement>("#upload-file")?.files?.[0];
          if (upload && file && formRef.current) void startUpload(file, new FormData(formRef.current), upload);
        }}
      />
    </div>
  );
}

function uploadRefusal(status: number, body: string, maxBytes: number): string {
  if (status === 413) return `The file is larger than the ${formatLimit(maxBytes)} upload limit.`;
  const text = body.trim();
  if (text && text.length < 300) return text;
  return status === 415 ? "Only video files can be uploaded." : `The upload was refused (${status}).`;
}
