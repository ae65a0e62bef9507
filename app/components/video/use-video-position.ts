import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { StartRequest } from "~/components/player/use-start-time";
import { startParam } from "~core/chapters";
import { createPlayhead } from "./ChapterList";

/**
 * Where the video page's player is and is asked to go, per video (a client-side move to another video starts
 * afresh): `playhead` for the parts of the page that follow playback (the chapter list; fed from the player's
 * `onPlaybackTime`), `start` for the player's `start` prop, `moveTo` for the resume offer and the chapters, and
 * the page's `?t=` (a chapter's link, a search engine's key moment) read on arrival as where the first play
 * starts, without playing yet.
 */
export function useVideoPosition(videoId: string, duration: number) {
  const [clock, setClock] = useState(() => ({ videoId, playhead: createPlayhead() }));
  if (clock.videoId !== videoId) setClock({ videoId, playhead: createPlayhead() });
  const [moved, setMoved] = useState<{ videoId: string; request: StartRequest } | null>(null);
  const moveTo = (at: number, play: boolean) => setMoved({ videoId, request: { at, play } });

  const [searchParams] = useSearchParams();
  const t = searchParams.get("t");
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival at a video only, not on every re-render
  useEffect(() => {
    const at = startParam(t, duration);
    if (at !== undefined) setMoved({ videoId, request: { at, play: false } });
  }, [videoId]);

  return { playhead: clock.playhead, start: moved?.videoId === videoId ? moved.request : undefined, moveTo };
}
