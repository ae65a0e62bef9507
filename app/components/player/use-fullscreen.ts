import { type RefObject, useEffect, useState } from "react";

/**
 * Fullscreen of the player: the container, not the video, goes fullscreen so that our controls come along
 * (iPhone Safari, which only allows the video element, gets its own fullscreen player). The container may
 * already be fullscreen when this starts (the player frame keeps it from the last video).
 */
export function useFullscreen(
  container: RefObject<HTMLElement | null>,
  videoRef: RefObject<HTMLVideoElement | null>,
): { fullscreen: boolean; toggleFullscreen: () => void } {
  const [fullscreen, setFullscreen] = useState(
    () => typeof document !== "undefined" && document.fullscreenElement !== null && document.fullscreenElement === container.current,
  );

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [container]);

  const toggleFullscreen = () => {
    const el = container.current;
    const video = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (!el || !video) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else if (el.requestFullscreen) void el.requestFullscreen().catch(() => {});
    else video.webkitEnterFullscreen?.(); // iPhone Safari: only the video element can
  };

  return { fullscreen, toggleFullscreen };
}
