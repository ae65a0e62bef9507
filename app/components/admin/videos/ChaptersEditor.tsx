import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { formatDuration } from "~/lib/format";
import { CHAPTERS_TEXT_MAX, chaptersFromForm, checkChapters } from "~core/chapters-schema";
import { fieldClass, fieldErrorClass, primaryButton } from "../console-ui";

/**
 * What the edit route's action answers the chapters form: saved, or every problem with the admin's text
 * sent back as it was (so nothing typed is lost, with or without JavaScript).
 */
export type ChaptersActionResult = { intent: "chapters"; ok: true } | { intent: "chapters"; ok: false; problems: string[]; text: string };

/** Whether an answer of the edit route's action is the chapters form's. */
export function isChaptersResult(result: { intent: string } | undefined): result is ChaptersActionResult {
  return result?.intent === "chapters";
}

const ID = "video-chapters";

/**
 * The console's chapters editor (issue 23 item 4): one chapter a line in a plain textarea ("0:00 Opening"),
 * the same text creators paste from elsewhere, fully keyboard-operable, and a plain POST form without
 * JavaScript. With it, the list is checked in the browser with the server's own rules before anything is sent.
 */
export function ChaptersEditor({
  videoId,
  duration,
  text,
  documentResult,
}: {
  videoId: string;
  duration: number;
  /** The saved chapters as text. */
  text: string;
  /** The action's answer when the form was posted without JavaScript (a full page load). */
  documentResult?: ChaptersActionResult;
}) {
  const save = useFetcher<ChaptersActionResult>({ key: `video-chapters-${videoId}` });
  const [clientProblems, setClientProblems] = useState<string[]>([]);
  const result = save.data ?? documentResult;
  const serverProblems = save.state === "idle" && result && !result.ok ? result.problems : [];
  const problems = clientProblems.length ? clientProblems : serverProblems;
  const saved = save.state === "idle" && result?.ok && clientProblems.length === 0;
  // A refusal posted without JavaScript comes back as a new page: the field shows what was typed. With it, the
  // field keeps what was typed by itself, and shows the list as stored (times normalised) once a save changed it.
  const initialText = documentResult && !documentResult.ok ? documentResult.text : text;
  // Each save that went through shows the list as stored, even when it stores what was already there
  // ("0:13 - Colour shift" is kept as "0:13 Colour shift"): the field is drawn again with it.
  const [savesShown, setSavesShown] = useState(0);
  useEffect(() => {
    if (save.state === "idle" && save.data?.ok) setSavesShown((n) => n + 1);
  }, [save.state, save.data]);

  return (
    <section aria-labelledby={`${ID}-heading`} className="space-y-3 rounded-xl border border-ink-700 bg-ink-900/60 p-4">
      <h2 id={`${ID}-heading`} className="text-lg font-bold">
        Chapters
      </h2>
      <save.Form
        method="post"
        noValidate
        preventScrollReset
        className="space-y-3"
        onSubmit={(event) => {
          const checked = checkChapters(chaptersFromForm(new FormData(event.currentTarget)) ?? "", duration);
          setClientProblems(checked.ok ? [] : checked.problems);
          if (!checked.ok) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="chapters" />
        <p id={`${ID}-help`} className="text-sm text-zinc-300">
          One chapter a line: the time it starts (m:ss, h:mm:ss or seconds), then its title, e.g. “0:00 Opening”. The first starts at 0:00,
          each one later than the one before, all before the video ends
          {duration > 0 ? ` at ${formatDuration(duration)}` : " (its length is known once it has been processed)"}. Titles up to 100
          characters, at most 100 chapters. Leave empty for none.
        </p>
        <label htmlFor={ID} className="block text-sm text-zinc-300">
          Chapters (one a line)
        </label>
        <textarea
          key={`${savesShown}:${text}`}
          id={ID}
          name="chapters"
          rows={6}
          maxLength={CHAPTERS_TEXT_MAX}
          defaultValue={initialText}
          placeholder={"0:00 Opening\n0:20 Colour shift\n0:40 Finale"}
          spellCheck={false}
          className={`${fieldClass} font-mono`}
          aria-invalid={problems.length ? true : undefined}
          aria-describedby={problems.length ? `${ID}-help ${ID}-problems` : `${ID}-help`}
          onChange={() => setClientProblems([])}
        />
        {problems.length > 0 && (
          <div id={`${ID}-problems`} role="alert" className={fieldErrorClass}>
            <p className="font-semibold">The chapters were not saved:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} disabled={save.state !== "idle"}>
            {save.state !== "idle" ? "Saving…" : "Save chapters"}
          </button>
          <p aria-live="polite" className="text-sm text-emerald-300">
            {saved ? "Chapters saved." : ""}
          </p>
        </div>
      </save.Form>
    </section>
  );
}
