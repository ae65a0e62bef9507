import { type RefObject, startTransition, useEffect, useState } from "react";

/** Picture-in-picture of the video, offered (after hydration) only where the browser supports it. */
export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement | null>): { pipSupported: boolean; togglePip: () => void } {
  const [pipSupported, setPipSupported] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    // After hydration, as a transition (app/lib/use-hydrated.ts).
    startTransition(() => setPipSupported(Boolean(document.pictureInPictureEnabled && video && !video.disablePictureInPicture)));
  }, [videoRef]);

  const togglePip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
    else void video.requestPictureInPicture().catch(() => {});
  };

  return { pipSupported, togglePip };
}
