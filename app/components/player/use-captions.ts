import { type RefObject, startTransition, useCallback, useEffect, useState } from "react";
import type { CaptionTrack } from "~core/captions";
import { trackForLanguage } from "./captions";
import { type PlayerPreferences, readPreferences, writePreferences } from "./preferences";

/** No cues showing: one array, so that setting it again renders nothing. */
const NO_CUES: readonly VTTCue[] = [];

export interface Captions {
  tracks: readonly CaptionTrack[];
  /** The language shown, or null when captions are off. */
  language: string | null;
  /** The cues to show now (the chosen track's active cues). */
  cues: readonly VTTCue[];
  /** A choice from the menu (null: Off), remembered for the next videos. */
  select: (language: string | null) => void;
  /** `c` and the CC button: off, or on in the remembered language (else the first one). */
  toggle: () => void;
}

/**
 * The captions of the player (docs/decisions/0033-captions.md): the page's files as `<track>` elements of the
 * video, the chosen one in mode "hidden" (loaded and timed by the browser, drawn by CaptionsOverlay, not by
 * the browser: its native rendering cannot be styled or moved above our controls), the others "disabled".
 * The remembered choice (preferences.ts) applies once `stored` is read (use-stored-preferences.ts), by language.
 */
export function useCaptions(
  videoRef: RefObject<HTMLVideoElement | null>,
  tracks: readonly CaptionTrack[],
  stored: PlayerPreferences | null,
): Captions {
  const [language, setLanguage] = useState<string | null>(null);
  const [cues, setCues] = useState<readonly VTTCue[]>(NO_CUES);

  useEffect(() => {
    if (!stored) return;
    // As a transition (app/lib/use-hydrated.ts).
    startTransition(() => setLanguage(stored.captionsOn ? (trackForLanguage(tracks, stored.captionLanguage)?.language ?? null) : null));
  }, [tracks, stored]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let chosen: TextTrack | undefined;
    for (const element of video.querySelectorAll("track")) {
      const mine = language !== null && element.srclang === language;
      element.track.mode = mine ? "hidden" : "disabled";
      if (mine) chosen = element.track;
    }
    if (!chosen) {
      setCues(NO_CUES); // the same array: no render when there were none
      return;
    }
    const track = chosen;
    const show = () => setCues(Array.from(track.activeCues ?? []) as VTTCue[]);
    show();
    track.addEventListener("cuechange", show);
    return () => {
      track.removeEventListener("cuechange", show);
      setCues(NO_CUES);
    };
  }, [videoRef, language]);

  const select = useCallback((next: string | null) => {
    setLanguage(next);
    writePreferences(next ? { captionLanguage: next, captionsOn: true } : { captionsOn: false });
  }, []);

  const toggle = useCallback(() => {
    if (!tracks.length) return;
    if (language) return select(null);
    select((trackForLanguage(tracks, readPreferences().captionLanguage) ?? tracks[0])?.language ?? null);
  }, [tracks, language, select]);

  return { tracks, language, cues, select, toggle };
}
