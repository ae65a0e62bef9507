import { describe, expect, it } from "vitest";
import { setRate, setVolume, toggleMute } from "./media-controls";

describe("toggleMute", () => {
  it("mutes a sounding video and keeps its volume for later", () => {
    const video = { volume: 0.6, muted: false };
    toggleMute(video);
    expect(video).toEqual({ volume: 0.6, muted: true });
    toggleMute(video);
    expect(video).toEqual({ volume: 0.6, muted: false });
  });

  it("unmutes at volume 0 to half volume, muted or not", () => {
    const muted = { volume: 0, muted: true };
    toggleMute(muted);
    expect(muted).toEqual({ volume: 0.5, muted: false });
    const silent = { volume: 0, muted: false };
    toggleMute(silent);
    expect(silent).toEqual({ volume: 0.5, muted: false });
  });
});

describe("setVolume", () => {
  it("mutes at 0 and unmutes above it", () => {
    const video = { volume: 1, muted: false };
    setVolume(video, 0);
    expect(video).toEqual({ volume: 0, muted: true });
    setVolume(video, 0.37);
    expect(video).toEqual({ volume: 0.37, muted: false });
  });
});

describe("setRate", () => {
  it("sets the default rate too, so a new source keeps the speed", () => {
    const video = { defaultPlaybackRate: 1, playbackRate: 1 };
    setRate(video, 1.5);
    expect(video).toEqual({ defaultPlaybackRate: 1.5, playbackRate: 1.5 });
  });
});
