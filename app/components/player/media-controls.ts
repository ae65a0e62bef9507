/**
 * What the volume, mute and speed controls (and their shortcuts) do to the video element: plain functions over
 * the element's properties, so they are tested without a browser.
 */

interface Volume {
  volume: number;
  muted: boolean;
}

/** Mute, or unmute; unmuting at volume 0 brings the volume back to half, or nothing would be heard. */
export function toggleMute(video: Volume): void {
  if (video.muted || video.volume === 0) {
    video.muted = false;
    if (video.volume === 0) video.volume = 0.5;
  } else video.muted = true;
}

/** The volume slider: 0 is muted, anything above it is not. */
export function setVolume(video: Volume, volume: number): void {
  video.volume = volume;
  video.muted = volume === 0;
}

/** The speed, set on both rates: a new source resets playbackRate to defaultPlaybackRate, so the choice survives attaching. */
export function setRate(video: { defaultPlaybackRate: number; playbackRate: number }, rate: number): void {
  video.defaultPlaybackRate = rate;
  video.playbackRate = rate;
}
