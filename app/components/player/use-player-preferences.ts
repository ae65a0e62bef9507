import { type RefObject, useEffect } from "react";
import { setRate } from "./media-controls";
import { type PlayerPreferences, writePreferences } from "./preferences";

/**
 * Remembered volume, mute and speed (captions: use-captions.ts) (preferences.ts): applied once `stored` is read
 * (use-stored-preferences.ts: when idle, or as the video starts loading), written whenever they change after that.
 */
export function usePlayerPreferences(videoRef: RefObject<HTMLVideoElement | null>, stored: PlayerPreferences | null): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stored) return;
    video.volume = stored.volume;
    video.muted = stored.muted;
    setRate(video, stored.rate);
    const save = () => writePreferences({ volume: video.volume, muted: video.muted, rate: video.playbackRate });
    video.addEventListener("volumechange", save);
    video.addEventListener("ratechange", save);
    return () => {
      video.removeEventListener("volumechange", save);
      video.removeEventListener("ratechange", save);
    };
  }, [videoRef, stored]);
}
