import { useLayoutEffect, useRef } from "react";
import { type CaptionStyle, captionTextStyle, DEFAULT_CAPTION_STYLE } from "~core/caption-style";

/**
 * The active cues over the picture in the viewer's caption style (core/caption-style.ts; by default white on a
 * translucent dark box, AA at any frame), the text size following the player's width (container units) times
 * the style's size, line breaks kept, raised above the control bar while it shows. Drawn here rather than with
 * `::cue`: the browser's own rendering cannot be moved above our controls, and the style applies the same way.
 * Each cue in its own direction (Arabic captions on an English page, and the reverse).
 * Plain visible text, not a live region: a screen reader user hears the soundtrack, and announcing every cue
 * would talk over it; the text carries its language for those who read it.
 */
export function CaptionsOverlay({
  cues,
  language,
  raised,
  chapterLine = false,
  style = DEFAULT_CAPTION_STYLE,
}: {
  cues: readonly VTTCue[];
  language: string;
  raised: boolean;
  /** The controls carry the chapter's title on a line of their own (phones): the captions go higher. */
  chapterLine?: boolean;
  style?: CaptionStyle;
}) {
  if (!cues.length) return null;
  return (
    <div className="pointer-events-none absolute inset-0 z-[5] @container">
      <div
        data-testid="player-captions"
        lang={language}
        style={{ fontSize: `calc(clamp(0.875rem, 3.4cqw, 2.75rem) * ${style.size / 100})` }}
        className={`absolute inset-x-[5%] flex flex-col items-center gap-[0.2em] text-center leading-snug transition-[bottom] duration-300 ${
          raised ? `${chapterLine ? "bottom-[5.75rem]" : "bottom-[4.5rem]"} sm:bottom-24` : "bottom-[6%]"
        }`}
      >
        {cues.map((cue, i) => (
          // Cues have no stable id of their own; their times and place in the active list identify them while they show.
          <CueText key={`${cue.startTime}-${cue.endTime}-${i}`} cue={cue} style={style} />
        ))}
      </div>
    </div>
  );
}

/**
 * One cue, from the browser's own cue-text parser (getCueAsHTML: text, <b>, <i>, <u> and spans only, never
 * markup from the file, which the server has already reduced to those tags anyway).
 */
function CueText({ cue, style }: { cue: VTTCue; style: CaptionStyle }) {
  const span = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    span.current?.replaceChildren(cue.getCueAsHTML());
  }, [cue]);
  return (
    <span
      ref={span}
      dir="auto"
      style={captionTextStyle(style)}
      className="rounded-[0.2em] box-decoration-clone px-[0.45em] py-[0.1em] whitespace-pre-line"
    />
  );
}
