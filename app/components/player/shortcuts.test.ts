import { describe, expect, it, vi } from "vitest";
import {
  actionForKey,
  focusedControlOwnsKey,
  inShortcutScope,
  isTypingTarget,
  runShortcut,
  type ShortcutControls,
  seekTarget,
  steppedSpeed,
} from "./shortcuts";

describe('actionForKey (docs/product.md "Player")', () => {
  it.each([
    [" ", { type: "toggle-play" }],
    ["k", { type: "toggle-play" }],
    ["K", { type: "toggle-play" }],
    ["m", { type: "toggle-mute" }],
    ["M", { type: "toggle-mute" }],
    ["f", { type: "toggle-fullscreen" }],
    ["F", { type: "toggle-fullscreen" }],
    ["c", { type: "toggle-captions" }],
    ["C", { type: "toggle-captions" }],
    ["0", { type: "restart" }],
    ["ArrowLeft", { type: "seek-by", seconds: -5 }],
    ["ArrowRight", { type: "seek-by", seconds: 5 }],
    [
      { key: "ArrowLeft", shiftKey: true },
      { type: "chapter", direction: -1 },
    ],
    [
      { key: "ArrowRight", shiftKey: true },
      { type: "chapter", direction: 1 },
    ],
    ["j", { type: "seek-by", seconds: -10 }],
    ["L", { type: "seek-by", seconds: 10 }],
    [",", { type: "speed-by", step: -0.25 }],
    [".", { type: "speed-by", step: 0.25 }],
  ])("%j → %j", (key, action) => {
    expect(actionForKey(typeof key === "string" ? { key } : key)).toEqual(action);
  });

  it("leaves other keys and browser shortcuts alone", () => {
    for (const key of ["a", "Enter", "Tab", "1", "ArrowUp", "Escape"]) expect(actionForKey({ key })).toBeNull();
    expect(actionForKey({ key: "f", ctrlKey: true })).toBeNull();
    expect(actionForKey({ key: "l", metaKey: true })).toBeNull();
    expect(actionForKey({ key: "k", altKey: true })).toBeNull();
  });
});

describe("steppedSpeed", () => {
  it("steps by 0.25 and clamps to 0.25..2", () => {
    expect(steppedSpeed(1, 0.25)).toBe(1.25);
    expect(steppedSpeed(1, -0.25)).toBe(0.75);
    expect(steppedSpeed(2, 0.25)).toBe(2);
    expect(steppedSpeed(0.25, -0.25)).toBe(0.25);
    expect(steppedSpeed(0.5, -0.25)).toBe(0.25);
  });

  it("lands back on the 0.25 grid from an off-grid rate", () => {
    expect(steppedSpeed(1.1, 0.25)).toBe(1.25);
  });
});

describe("seekTarget", () => {
  it("stays within 0..duration", () => {
    expect(seekTarget(3, -5, 60)).toBe(0);
    expect(seekTarget(58, 10, 60)).toBe(60);
    expect(seekTarget(20, 5, 60)).toBe(25);
  });

  it("has no upper bound while the duration is unknown", () => {
    expect(seekTarget(20, 10, Number.NaN)).toBe(30);
  });
});

const el = (tagName: string, extra: Record<string, unknown> = {}) => ({
  tagName,
  getAttribute: (name: string) => (extra[name] as string | undefined) ?? null,
  ...extra,
});

describe("isTypingTarget", () => {
  it("is true for text fields, textareas, selects and contenteditable", () => {
    expect(isTypingTarget(el("INPUT", { type: "search" }))).toBe(true);
    expect(isTypingTarget(el("INPUT"))).toBe(true);
    expect(isTypingTarget(el("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(el("SELECT"))).toBe(true);
    expect(isTypingTarget(el("DIV", { isContentEditable: true }))).toBe(true);
  });

  it("is false for sliders, buttons and the page body", () => {
    expect(isTypingTarget(el("INPUT", { type: "range" }))).toBe(false);
    expect(isTypingTarget(el("BUTTON"))).toBe(false);
    expect(isTypingTarget(el("BODY"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("focusedControlOwnsKey", () => {
  it("lets a focused button take Space and Enter, but not the letter shortcuts", () => {
    expect(focusedControlOwnsKey(el("BUTTON"), " ")).toBe(true);
    expect(focusedControlOwnsKey(el("BUTTON"), "Enter")).toBe(true);
    expect(focusedControlOwnsKey(el("BUTTON"), "k")).toBe(false);
  });

  it("lets sliders take their arrows and menus every key", () => {
    expect(focusedControlOwnsKey(el("INPUT", { type: "range" }), "ArrowLeft")).toBe(true);
    expect(focusedControlOwnsKey(el("DIV", { role: "slider" }), "Home")).toBe(true);
    expect(focusedControlOwnsKey(el("INPUT", { type: "range" }), "m")).toBe(false);
    expect(focusedControlOwnsKey(el("BUTTON", { role: "menuitemradio" }), "k")).toBe(true);
  });
});

describe("runShortcut", () => {
  const controls = (): ShortcutControls => ({
    togglePlay: vi.fn(),
    toggleMute: vi.fn(),
    toggleFullscreen: vi.fn(),
    toggleCaptions: vi.fn(),
    seek: vi.fn(),
    setRate: vi.fn(),
  });
  const video = { currentTime: 58, duration: 62, playbackRate: 1.75 };

  it("plays, mutes, goes fullscreen and switches captions through the controls", () => {
    const c = controls();
    runShortcut({ type: "toggle-play" }, video, c);
    runShortcut({ type: "toggle-mute" }, video, c);
    runShortcut({ type: "toggle-fullscreen" }, video, c);
    runShortcut({ type: "toggle-captions" }, video, c);
    expect(c.togglePlay).toHaveBeenCalledOnce();
    expect(c.toggleCaptions).toHaveBeenCalledOnce();
    expect(c.toggleMute).toHaveBeenCalledOnce();
    expect(c.toggleFullscreen).toHaveBeenCalledOnce();
    expect(c.seek).not.toHaveBeenCalled();
  });

  it("seeks from the playhead within the video, and 0 restarts", () => {
    const c = controls();
    runShortcut({ type: "seek-by", seconds: 10 }, video, c);
    runShortcut({ type: "seek-by", seconds: -5 }, video, c);
    runShortcut({ type: "restart" }, video, c);
    expect(vi.mocked(c.seek).mock.calls).toEqual([[62], [53], [0]]);
  });

  it("Shift+←/→ steps between chapters, or 5 s without chapters", () => {
    const chapters = [
      { start: 0, title: "Opening" },
      { start: 20, title: "Colour shift" },
      { start: 40, title: "Finale" },
    ];
    const c = { ...controls(), chapters };
    runShortcut({ type: "chapter", direction: 1 }, { ...video, currentTime: 25 }, c);
    runShortcut({ type: "chapter", direction: -1 }, { ...video, currentTime: 25 }, c);
    runShortcut({ type: "chapter", direction: -1 }, { ...video, currentTime: 21 }, c);
    runShortcut({ type: "chapter", direction: 1 }, { ...video, currentTime: 50 }, c); // none after the last: stays
    const plain = controls();
    runShortcut({ type: "chapter", direction: 1 }, video, plain);
    runShortcut({ type: "chapter", direction: -1 }, video, plain);
    expect(vi.mocked(c.seek).mock.calls).toEqual([[40], [20], [0]]);
    expect(vi.mocked(plain.seek).mock.calls).toEqual([[62], [53]]);
  });

  it("steps the speed from the current rate, clamped", () => {
    const c = controls();
    runShortcut({ type: "speed-by", step: 0.25 }, video, c);
    runShortcut({ type: "speed-by", step: 0.25 }, { ...video, playbackRate: 2 }, c);
    runShortcut({ type: "speed-by", step: -0.25 }, video, c);
    expect(vi.mocked(c.setRate).mock.calls).toEqual([[2], [2], [1.5]]);
  });
});

describe("inShortcutScope", () => {
  const body = { id: "body" };
  const root = { id: "html" };
  const inside = { id: "play button" };
  const elsewhere = { id: "search box" };
  const player = { contains: (node: object) => node === inside };
  const page = { body, documentElement: root };

  it("takes keys inside the player and on the page itself", () => {
    expect(inShortcutScope<object>(inside, player, page)).toBe(true);
    expect(inShortcutScope<object>(body, player, page)).toBe(true);
    expect(inShortcutScope<object>(root, player, page)).toBe(true);
  });

  it("leaves keys on other controls of the page alone", () => {
    expect(inShortcutScope<object>(elsewhere, player, page)).toBe(false);
  });
});
