import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { CAPTION_LANGUAGES, CAPTION_MAX_BYTES, type CaptionActionResult } from "~core/captions";
import { paths } from "~core/paths";
import { fieldClass, fieldErrorClass, formatWhen, primaryButton, secondaryButton } from "../console-ui";

export interface EditableCaption {
  language: string;
  label: string;
  cues: number;
  bytes: number;
  updatedAt: string;
  url: string;
}

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * The video editor's captions (docs/decisions/0033-captions.md): one WebVTT file per language, uploaded,
 * replaced or removed. The server checks and rewrites every file; its refusal (with the line) shows under
 * the form, which keeps the chosen language and file for another try.
 */
export function CaptionsEditor({ videoId, captions }: { videoId: string; captions: EditableCaption[] }) {
  const upload = useFetcher<CaptionActionResult>({ key: `captions-upload-${videoId}` });
  const remove = useFetcher<CaptionActionResult>({ key: `captions-remove-${videoId}` });
  const form = useRef<HTMLFormElement>(null);
  const action = paths.admin.videoCaptions(videoId);
  const result = upload.state === "idle" ? upload.data : undefined;
  const removeError = remove.state === "idle" && remove.data && !remove.data.ok ? remove.data.error : undefined;
  const existing = new Set(captions.map((c) => c.language));

  // A stored file clears the form for the next language; a refusal leaves it as it was.
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);

  return (
    <section
      aria-labelledby="captions-heading"
      className="space-y-4 rounded-xl border border-ink-700 bg-ink-900/60 p-4"
      data-testid="video-captions"
    >
      <div>
        <h2 id="captions-heading" className="text-lg font-bold">
          Captions
        </h2>
        <p className="mt-1 text-sm text-zinc-300">
          One WebVTT (.vtt) file per language, at most {CAPTION_MAX_BYTES / 1024} KB. Only the cue text is kept (with bold, italic,
          underline and speaker names); styles, positions and notes are dropped.
        </p>
      </div>

      {captions.length > 0 ? (
        <ul className="divide-y divide-ink-700 rounded-lg border border-ink-700">
          {captions.map((c) => (
            <li key={c.language} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">{c.label}</span> <span className="text-zinc-400">({c.language})</span>
                <span className="block text-zinc-300">
                  {c.cues} {c.cues === 1 ? "cue" : "cues"} · {formatSize(c.bytes)} · updated {formatWhen(c.updatedAt)}
                </span>
              </span>
              <a href={c.url} className="text-brand-300 underline hover:text-brand-200" target="_blank" rel="noreferrer">
                View file<span className="sr-only"> ({c.label})</span>
              </a>
              <remove.Form method="post" action={action}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="language" value={c.language} />
                <button type="submit" className={secondaryButton} disabled={remove.state !== "idle"}>
                  Remove<span className="sr-only"> {c.label} captions</span>
                </button>
              </remove.Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-300">No captions yet.</p>
      )}
      {removeError && (
        <p role="alert" className={fieldErrorClass}>
          {removeError}
        </p>
      )}

      <upload.Form ref={form} method="post" action={action} encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="caption-language" className="mb-1 block text-sm text-zinc-300">
              Language
            </label>
            <select id="caption-language" name="language" required className={fieldClass} defaultValue="en">
              {CAPTION_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.code}){existing.has(l.code) ? ": replaces the current file" : ""}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="caption-file" className="mb-1 block text-sm text-zinc-300">
              WebVTT file
            </label>
            <input
              id="caption-file"
              name="file"
              type="file"
              required
              accept=".vtt,text/vtt"
              className={`${fieldClass} file:mr-3 file:rounded file:border-0 file:bg-ink-800 file:px-2 file:py-1 file:text-zinc-100`}
              aria-invalid={result && !result.ok ? true : undefined}
              aria-describedby={result && !result.ok ? "caption-error" : undefined}
            />
          </div>
        </div>
        {result && !result.ok && (
          <p id="caption-error" role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200">
            The file was refused. {result.error}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} disabled={upload.state !== "idle"}>
            {upload.state !== "idle" ? "Uploading…" : "Upload captions"}
          </button>
          <p aria-live="polite" className="text-sm text-emerald-300">
            {result?.ok ? "Captions saved." : ""}
          </p>
        </div>
      </upload.Form>
    </section>
  );
}
