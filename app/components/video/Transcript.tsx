import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { trackForLanguage } from "~/components/player/captions";
import { formatDuration } from "~/lib/format";
import { useLocale, useMessages } from "~/lib/i18n";
import { cueIndexAt, readTranscript, type TranscriptCue } from "~core/caption-cues";
import type { CaptionTrack } from "~core/captions";
import { type Playhead, TIMED_ROW } from "./ChapterList";

type Load = { state: "idle" | "loading" | "failed" } | { state: "ready"; cues: TranscriptCue[] };

/**
 * The captions as a transcript under the player (issue 36 item 4): closed until asked for (a native disclosure,
 * so its download link works without JavaScript), then the chosen language's file is fetched and each cue is a
 * button that plays the video from its time. The cue showing is marked (aria-current, a bar and bold text) and
 * kept in view inside the list while the pointer is not over it; the page itself never scrolls.
 */
export function Transcript({
  tracks,
  playhead,
  onSelect,
}: {
  tracks: readonly CaptionTrack[];
  playhead: Playhead;
  onSelect: (start: number) => void;
}) {
  const t = useMessages("video");
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState(() => (trackForLanguage(tracks, locale) ?? tracks[0])?.language);
  const [load, setLoad] = useState<Load>({ state: "idle" });
  const list = useRef<HTMLOListElement>(null);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const pointerInside = useRef(false);
  const languageId = useId();
  const track = tracks.find((candidate) => candidate.language === language) ?? tracks[0];

  // Opened before the page's scripts ran (they wait for its LCP image): the toggle went by unheard.
  useEffect(() => {
    if (disclosure.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open || !track) return;
    const abort = new AbortController();
    setLoad({ state: "loading" });
    fetch(track.src, { signal: abort.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((vtt) => setLoad({ state: "ready", cues: readTranscript(vtt) }))
      .catch(() => !abort.signal.aborted && setLoad({ state: "failed" }));
    return () => abort.abort();
  }, [open, track]);

  const cues = load.state === "ready" ? load.cues : null;
  const current = useSyncExternalStore(
    playhead.subscribe,
    () => (cues ? cueIndexAt(cues, playhead.get()) : -1),
    () => -1,
  );

  useEffect(() => {
    const box = list.current;
    const item = box?.children[current] as HTMLElement | undefined;
    if (!box || !item || pointerInside.current) return;
    const [outer, inner] = [box.getBoundingClientRect(), item.getBoundingClientRect()];
    if (inner.top < outer.top || inner.bottom > outer.bottom) box.scrollTop += inner.top - outer.top - outer.height / 3;
  }, [current]);

  if (!track) return null;
  return (
    <section aria-labelledby="transcript-heading" className="mt-4 rounded-xl bg-ink-900 p-3 sm:p-4">
      <h2 id="transcript-heading" className="px-1 text-lg font-bold">
        {t("transcript")}
      </h2>
      <details ref={disclosure} onToggle={(event) => setOpen(event.currentTarget.open)} className="group mt-1">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-lg px-2 font-semibold text-brand-300 hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
          {/* The disclosure's own marker, turned when open (pointing the reading direction's way when closed). */}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4 transition-transform group-open:rotate-90 rtl:-scale-x-100 rtl:group-open:-rotate-90"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="m9 6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {open ? t("hideTranscript") : t("showTranscript")}
        </summary>
        <div className="mt-2 px-1">
          {tracks.length > 1 && (
            <div className="mb-2 flex flex-wrap items-center gap-2">
              <label htmlFor={languageId} className="text-sm text-zinc-300">
                {t("transcriptLanguage")}
              </label>
              <select
                id={languageId}
                value={track.language}
                onChange={(event) => setLanguage(event.target.value)}
                className="min-h-11 rounded-lg border border-zinc-500 bg-ink-950 px-3 py-2 text-sm"
              >
                {tracks.map((choice) => (
                  <option key={choice.language} value={choice.language} lang={choice.language}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {load.state === "loading" && (
            <p role="status" className="text-sm text-zinc-400">
              {t("transcriptLoading")}
            </p>
          )}
          {load.state === "failed" && (
            <p role="alert" className="text-sm text-red-300">
              {t("transcriptFailed")}
            </p>
          )}
          {cues && (
            <>
              <p className="text-sm text-zinc-400">{t("transcriptHelp")}</p>
              <ol
                ref={list}
                lang={track.language}
                data-testid="transcript"
                onPointerEnter={() => {
                  pointerInside.current = true;
                }}
                onPointerLeave={() => {
                  pointerInside.current = false;
                }}
                className="mt-2 max-h-80 space-y-0.5 overflow-y-auto"
              >
                {cues.map((cue, i) => (
                  // Cues have no id of their own; their place in the file does not change while it shows.
                  <li key={`${cue.start}-${i}`}>
                    <button
                      type="button"
                      aria-current={i === current ? "true" : undefined}
                      onClick={() => onSelect(cue.start)}
                      className={`${TIMED_ROW} w-full text-start`}
                    >
                      <span dir="ltr" className="shrink-0 text-sm text-brand-300 tabular-nums">
                        {formatDuration(cue.start)}
                      </span>
                      <span dir="auto">{cue.text}</span>
                    </button>
                  </li>
                ))}
              </ol>
            </>
          )}
          <a
            href={track.src}
            download
            className="mt-2 inline-block text-sm text-brand-300 underline underline-offset-2 hover:text-brand-200"
          >
            {t("transcriptDownload")}
          </a>
        </div>
      </details>
    </section>
  );
}
