import { type RefObject, useEffect } from "react";
import { setRate } from "./media-controls";
import { readPreferences, writePreferences } from "./preferences";

/** Remembered volume, mute and speed (captions: use-captions.ts) (preferences.ts): read after hydration, written whenever they change. */
export function usePlayerPreferences(videoRef: RefObject<HTMLVideoElement | null>): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const prefs = readPreferences();
    video.volume = prefs.volume;
    video.muted = prefs.muted;
    setRate(video, prefs.rate);
    const save = () => writePreferences({ volume: video.volume, muted: video.muted, rate: video.playbackRate });
    video.addEventListener("volumechange", save);
    video.addEventListener("ratechange", save);
    return () => {
      video.removeEventListener("volumechange", save);
      video.removeEventListener("ratechange", save);
    };
  }, [videoRef]);
}
