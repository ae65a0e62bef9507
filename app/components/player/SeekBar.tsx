import { useRef, useState } from "react";
import { formatDuration } from "~/lib/format";
import { useMessages } from "~/lib/i18n";
import { type Chapter, chapterIndexAt } from "~core/chapters";
import { chapterStepTarget, SEEK_ARROW_SECONDS, SEEK_JUMP_SECONDS, seekTarget } from "./shortcuts";
import { cueAt, loadStoryboard, type StoryboardCue } from "./storyboard";

const pct = (part: number, whole: number) => `${whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : 0}%`;

/** The widest a hover preview grows to show a chapter's title (truncated past it). */
const TITLED_PREVIEW_WIDTH = 160;

/**
 * The seek slider: played and buffered ranges, drag or click to seek, arrows ±5 s, Page Up/Down ±10 s,
 * Home/End, Shift+arrows to the previous or next chapter. Chapters show as gaps in the track (always, so on
 * focus too) and their titles in the hover preview and the slider's value text. Left to right in every language
 * (as in other players): the start of the video is on the left, and ← goes back. Hovering shows the time there
 * and, when the video has a storyboard, its thumbnail; the storyboard is fetched on the first hover only.
 * The track is 4 px; the slider around it is 24 px tall, the least a target may be (WCAG 2.5.8).
 */
export function SeekBar({
  currentTime,
  duration,
  bufferedEnd,
  storyboardUrl,
  chapters = [],
  onSeek,
}: {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  storyboardUrl?: string | null;
  chapters?: readonly Chapter[];
  onSeek: (time: number) => void;
}) {
  const t = useMessages("player");
  const bar = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ time: number; x: number; width: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [cues, setCues] = useState<StoryboardCue[]>([]);
  const requested = useRef(false);

  const timeAt = (clientX: number) => {
    const rect = bar.current!.getBoundingClientRect();
    const x = Math.min(rect.width, Math.max(0, clientX - rect.left));
    return { time: rect.width > 0 ? (x / rect.width) * duration : 0, x, width: rect.width };
  };

  const onPointerEnter = () => {
    if (!storyboardUrl || requested.current) return;
    requested.current = true;
    void loadStoryboard(storyboardUrl).then(setCues);
  };

  const onPointerMove = (event: React.PointerEvent) => {
    if (!duration) return;
    const at = timeAt(event.clientX);
    if (event.pointerType !== "touch" || dragging) setHover(at);
    if (dragging) onSeek(at.time);
  };

  const onPointerDown = (event: React.PointerEvent) => {
    if (!duration || event.button !== 0) return;
    bar.current!.setPointerCapture(event.pointerId);
    setDragging(true);
    const at = timeAt(event.clientX);
    setHover(at);
    onSeek(at.time);
  };

  const endDrag = (event: React.PointerEvent) => {
    if (!dragging) return;
    setDragging(false);
    if (bar.current!.hasPointerCapture(event.pointerId)) bar.current!.releasePointerCapture(event.pointerId);
    if (event.pointerType === "touch") setHover(null);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const by: Record<string, number> = {
      ArrowLeft: -SEEK_ARROW_SECONDS,
      ArrowDown: -SEEK_ARROW_SECONDS,
      ArrowRight: SEEK_ARROW_SECONDS,
      ArrowUp: SEEK_ARROW_SECONDS,
      PageDown: -SEEK_JUMP_SECONDS,
      PageUp: SEEK_JUMP_SECONDS,
    };
    // null: a key of ours with nowhere to go (no chapter after the last); undefined: not ours.
    let to: number | null | undefined;
    if (event.shiftKey && (event.key === "ArrowLeft" || event.key === "ArrowRight"))
      to = chapterStepTarget(chapters, currentTime, event.key === "ArrowLeft" ? -1 : 1, duration);
    else if (event.key in by) to = seekTarget(currentTime, by[event.key]!, duration);
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = duration;
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // handled here: the player's own arrow shortcut must not seek a second time
    if (to !== null) onSeek(to);
  };

  const cue = hover && cues.length ? cueAt(cues, hover.time) : undefined;
  const hoverChapter = hover ? chapters[chapterIndexAt(chapters, hover.time)] : undefined;
  const currentChapter = chapters[chapterIndexAt(chapters, currentTime)];
  const previewWidth = Math.max(cue?.w ?? 56, hoverChapter ? TITLED_PREVIEW_WIDTH : 0);
  const times = { current: formatDuration(currentTime), total: formatDuration(duration) };
  const valueText = currentChapter ? t("seekValueInChapter", { ...times, chapter: currentChapter.title }) : t("seekValue", times);
  const previewLeft = hover ? Math.min(Math.max(hover.x - previewWidth / 2, 0), Math.max(0, hover.width - previewWidth)) : 0;

  return (
    <div
      ref={bar}
      role="slider"
      dir="ltr"
      tabIndex={0}
      aria-label={t("seek")}
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={Math.floor(currentTime)}
      aria-valuetext={valueText}
      onKeyDown={onKeyDown}
      onPointerEnter={onPointerEnter}
      onPointerMove={onPointerMove}
      onPointerLeave={() => !dragging && setHover(null)}
      onPointerDown={onPointerDown}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      className="group/seek relative flex h-6 cursor-pointer touch-none items-center rounded-sm"
    >
      <div className="relative h-1 w-full overflow-hidden rounded-full bg-white/30 transition-[height] group-hover/seek:h-1.5">
        <div className="absolute inset-y-0 left-0 bg-white/50" style={{ width: pct(bufferedEnd, duration) }} />
        <div className="absolute inset-y-0 left-0 bg-brand-500" style={{ width: pct(currentTime, duration) }} />
        {chapters.map((c) =>
          c.start > 0 ? (
            <div
              key={c.start}
              data-testid="chapter-mark"
              className="-translate-x-1/2 absolute inset-y-0 w-[3px] bg-black/85"
              style={{ left: pct(c.start, duration) }}
            />
          ) : null,
        )}
      </div>
      <div
        aria-hidden="true"
        className="-translate-x-1/2 absolute top-1/2 h-3.5 w-3.5 -translate-y-1/2 scale-0 rounded-full bg-brand-500 transition-transform group-hover/seek:scale-100 group-focus-visible/seek:scale-100"
        style={{ left: pct(currentTime, duration) }}
      />
      {hover && (
        <div
          aria-hidden="true"
          data-testid="seek-preview"
          className="pointer-events-none absolute bottom-full mb-3 flex flex-col items-center"
          style={{ left: previewLeft, width: previewWidth }}
        >
          {cue && (
            <div
              data-testid="storyboard-thumbnail"
              className="rounded-md bg-black bg-no-repeat ring-2 ring-white/80"
              style={{
                width: cue.w,
                height: cue.h,
                backgroundImage: `url("${cue.url}")`,
                backgroundPosition: `-${cue.x}px -${cue.y}px`,
              }}
            />
          )}
          {hoverChapter && (
            <span
              data-testid="seek-preview-chapter"
              dir="auto"
              className="mt-1 max-w-full truncate rounded bg-black/80 px-1.5 py-0.5 text-xs text-white"
            >
              {hoverChapter.title}
            </span>
          )}
          <span className="mt-1 rounded bg-black/80 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
            {formatDuration(hover.time)}
          </span>
        </div>
      )}
    </div>
  );
}
