import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { loadStoryboard, type StoryboardCue } from "~/components/player/storyboard";

/** Wait this long on a card before fetching anything: a pointer sweeping across a grid loads nothing. */
const START_DELAY_MS = 300;
const FRAME_MS = 700;
/** Frames shown, evenly spread over the clip. */
const FRAMES = 10;

// One fetch per storyboard per page life, shared by every card showing the same video.
const storyboards = new Map<string, Promise<StoryboardCue[]>>();
function storyboard(url: string): Promise<StoryboardCue[]> {
  let found = storyboards.get(url);
  if (!found) {
    found = loadStoryboard(url);
    storyboards.set(url, found);
  }
  return found;
}

/** Up to `count` cues evenly spread over the whole list, first and last included. */
export function spreadFrames<T>(cues: readonly T[], count = FRAMES): T[] {
  if (cues.length <= count) return [...cues];
  return Array.from({ length: count }, (_, i) => cues[Math.round((i * (cues.length - 1)) / (count - 1))] as T);
}

/**
 * The CSS that shows one sprite tile filling its box, in percentages so no measuring is needed: the sprite is
 * scaled so that one tile is the box, then positioned on the tile (x / (spriteWidth - w) of the free space).
 */
export function tileStyle(cue: StoryboardCue, sprite: { width: number; height: number }): CSSProperties {
  const percent = (offset: number, tile: number, whole: number) => (whole > tile ? (offset / (whole - tile)) * 100 : 0);
  return {
    backgroundImage: `url("${cue.url}")`,
    backgroundSize: `${(sprite.width / cue.w) * 100}% ${(sprite.height / cue.h) * 100}%`,
    backgroundPosition: `${percent(cue.x, cue.w, sprite.width)}% ${percent(cue.y, cue.h, sprite.height)}%`,
  };
}

function spriteSize(cues: readonly StoryboardCue[]): { width: number; height: number } {
  return {
    width: Math.max(...cues.map((c) => c.x + c.w)),
    height: Math.max(...cues.map((c) => c.y + c.h)),
  };
}

/**
 * A card's hover preview: the video's storyboard shown as a slow slideshow while a mouse rests on the card
 * or keyboard focus is on it. Nothing is fetched before that, nothing at all for visitors who prefer reduced
 * motion, and touch (scrolling a grid) never starts it.
 */
export function useHoverPreview(storyboardUrl: string | null | undefined) {
  const [style, setStyle] = useState<CSSProperties | null>(null);
  const stop = useRef<() => void>(() => {});

  const start = useCallback(() => {
    if (!storyboardUrl || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    stop.current();
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const delay = setTimeout(async () => {
      const cues = await storyboard(storyboardUrl);
      if (cancelled || cues.length === 0) return;
      const frames = spreadFrames(cues);
      const sprite = spriteSize(cues);
      // Show the first frame only once the sprite is decoded, so the thumbnail never flashes empty.
      const image = new Image();
      image.src = frames[0]!.url;
      await image.decode().catch(() => {});
      if (cancelled) return;
      let index = 0;
      setStyle(tileStyle(frames[0]!, sprite));
      timer = setInterval(() => {
        index = (index + 1) % frames.length;
        setStyle(tileStyle(frames[index]!, sprite));
      }, FRAME_MS);
    }, START_DELAY_MS);
    stop.current = () => {
      cancelled = true;
      clearTimeout(delay);
      clearInterval(timer);
      setStyle(null);
    };
  }, [storyboardUrl]);

  useEffect(() => () => stop.current(), []);

  const handlers = {
    onPointerEnter: (event: React.PointerEvent) => {
      if (event.pointerType === "mouse" || event.pointerType === "pen") start();
    },
    onPointerLeave: () => stop.current(),
    onFocus: (event: React.FocusEvent<HTMLElement>) => {
      // Keyboard focus only: a tap also focuses the link, just before it navigates.
      if (event.currentTarget.matches(":focus-visible")) start();
    },
    onBlur: () => stop.current(),
  };
  return { style, handlers };
}
