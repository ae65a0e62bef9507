import { type RefObject, useEffect } from "react";
import { setRate } from "./media-controls";
import { type PlayerPreferences, writePreferences } from "./preferences";

/**
 * Remembered volume, mute and speed (captions: use-captions.ts) (preferences.ts): written whenever they change, from
 * the start, and applied once `stored` is read (use-stored-preferences.ts: when idle, or as the video starts loading).
 * A change made before that read is written first, so the read brings it back rather than undoing it.
 */
export function usePlayerPreferences(videoRef: RefObject<HTMLVideoElement | null>, stored: PlayerPreferences | null): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Each writes only what changed: a volume set before the read must not overwrite the remembered speed.
    const saveVolume = () => writePreferences({ volume: video.volume, muted: video.muted });
    const saveRate = () => writePreferences({ rate: video.playbackRate });
    video.addEventListener("volumechange", saveVolume);
    video.addEventListener("ratechange", saveRate);
    return () => {
      video.removeEventListener("volumechange", saveVolume);
      video.removeEventListener("ratechange", saveRate);
    };
  }, [videoRef]);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stored) return;
    video.volume = stored.volume;
    video.muted = stored.muted;
    setRate(video, stored.rate);
  }, [videoRef, stored]);
}
