import { type RefObject, useEffect, useState } from "react";
import { afterLoadAndIdle } from "~/lib/after-load";
import { type PlayerPreferences, readPreferences } from "./preferences";

/**
 * This browser's player preferences (preferences.ts), read once the page is loaded and idle, or when the video starts
 * loading if that comes first (`loadstart`, before anything plays), and null until then. Not at hydration: the page's
 * first localStorage read loads the storage and took 15 ms of a phone's main thread (4× throttled) inside the
 * hydration's effects (docs/benchmarks.md "Issue 35: storage and cookies read when idle"). Volume, speed, captions and
 * their style all take what this read.
 */
export function useStoredPreferences(videoRef: RefObject<HTMLVideoElement | null>): PlayerPreferences | null {
  const [stored, setStored] = useState<PlayerPreferences | null>(null);
  useEffect(() => {
    let done = false;
    const read = () => {
      if (done) return;
      done = true;
      setStored(readPreferences());
    };
    const video = videoRef.current;
    video?.addEventListener("loadstart", read, { once: true });
    const cancel = afterLoadAndIdle(read);
    return () => {
      cancel();
      video?.removeEventListener("loadstart", read);
    };
  }, [videoRef]);
  return stored;
}
