import { useLayoutEffect, useRef } from "react";

/**
 * The active cues over the picture: white on a translucent dark box (AA at any frame), the text size following
 * the player's width (container units), line breaks kept, raised above the control bar while it shows.
 * Each cue in its own direction (Arabic captions on an English page, and the reverse).
 * Plain visible text, not a live region: a screen reader user hears the soundtrack, and announcing every cue
 * would talk over it; the text carries its language for those who read it.
 */
export function CaptionsOverlay({
  cues,
  language,
  raised,
  chapterLine = false,
}: {
  cues: readonly VTTCue[];
  language: string;
  raised: boolean;
  /** The controls carry the chapter's title on a line of their own (phones): the captions go higher. */
  chapterLine?: boolean;
}) {
  if (!cues.length) return null;
  return (
    <div className="pointer-events-none absolute inset-0 z-[5] @container">
      <div
        data-testid="player-captions"
        lang={language}
        className={`absolute inset-x-[5%] flex flex-col items-center gap-[0.2em] text-center text-[clamp(0.875rem,3.4cqw,2.75rem)] leading-snug transition-[bottom] duration-300 ${
          raised ? `${chapterLine ? "bottom-[5.75rem]" : "bottom-[4.5rem]"} sm:bottom-24` : "bottom-[6%]"
        }`}
      >
        {cues.map((cue, i) => (
          // Cues have no stable id of their own; their times and place in the active list identify them while they show.
          <CueText key={`${cue.startTime}-${cue.endTime}-${i}`} cue={cue} />
        ))}
      </div>
    </div>
  );
}

/**
 * One cue, from the browser's own cue-text parser (getCueAsHTML: text, <b>, <i>, <u> and spans only, never
 * markup from the file, which the server has already reduced to those tags anyway).
 */
function CueText({ cue }: { cue: VTTCue }) {
  const span = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    span.current?.replaceChildren(cue.getCueAsHTML());
  }, [cue]);
  return (
    <span
      ref={span}
      dir="auto"
      className="rounded-[0.2em] bg-black/80 box-decoration-clone px-[0.45em] py-[0.1em] whitespace-pre-line text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]"
    />
  );
}
