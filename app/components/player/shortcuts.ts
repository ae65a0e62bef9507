import { type Chapter, chapterSeekTarget } from "~core/chapters";

/**
 * Keyboard shortcuts of the player, exactly docs/product.md "Player": Space/K play-pause, M mute, F fullscreen, 0 restart,
 * ←/→ 5 s, J/L 10 s, comma/period speed steps of 0.25 between 0.25 and 2; Shift+←/→ for the previous or
 * next chapter (issue 23 item 4; ±5 s like the plain arrows on a video without chapters); and C captions on/off
 * (issue 23 item 5, as in the common players).
 *
 * Scope (docs/decisions/0008-player.md): they act when focus is inside the player or on nothing in
 * particular (the page body), never when another control of the page has focus (a search box, a link, the
 * share menu), never while typing (input, textarea, select, contenteditable), and never during a pre-roll
 * (use-player-shortcuts.ts).
 */
export type PlayerAction =
  | { type: "toggle-play" }
  | { type: "toggle-mute" }
  | { type: "toggle-fullscreen" }
  | { type: "toggle-captions" }
  | { type: "restart" }
  | { type: "seek-by"; seconds: number }
  | { type: "chapter"; direction: -1 | 1 }
  | { type: "speed-by"; step: number };

export const SEEK_ARROW_SECONDS = 5;
export const SEEK_JUMP_SECONDS = 10;
export const SPEED_STEP = 0.25;
export const MIN_SPEED = 0.25;
export const MAX_SPEED = 2;
/** The speed menu's choices (docs/product.md "Player"); the comma/period steps may also land between them (0.25, 1.75). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/** The action a key press asks for, or null. Presses with Ctrl/Cmd/Alt stay the browser's (copy, tab switching…). */
export function actionForKey(event: KeyLike): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case " ":
    case "k":
    case "K":
      return { type: "toggle-play" };
    case "m":
    case "M":
      return { type: "toggle-mute" };
    case "f":
    case "F":
      return { type: "toggle-fullscreen" };
    case "c":
    case "C":
      return { type: "toggle-captions" };
    case "0":
      return { type: "restart" };
    case "ArrowLeft":
      return event.shiftKey ? { type: "chapter", direction: -1 } : { type: "seek-by", seconds: -SEEK_ARROW_SECONDS };
    case "ArrowRight":
      return event.shiftKey ? { type: "chapter", direction: 1 } : { type: "seek-by", seconds: SEEK_ARROW_SECONDS };
    case "j":
    case "J":
      return { type: "seek-by", seconds: -SEEK_JUMP_SECONDS };
    case "l":
    case "L":
      return { type: "seek-by", seconds: SEEK_JUMP_SECONDS };
    case ",":
      return { type: "speed-by", step: -SPEED_STEP };
    case ".":
      return { type: "speed-by", step: SPEED_STEP };
    default:
      return null;
  }
}

/** The speed one comma/period step away, on the 0.25 grid and clamped to 0.25–2. */
export function steppedSpeed(current: number, step: number): number {
  const next = Math.round((current + step) / SPEED_STEP) * SPEED_STEP;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, next));
}

/** Where a seek by `delta` lands: never before 0, never past the end (when the end is known). */
export function seekTarget(current: number, delta: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(end, Math.max(0, current + delta));
}

/**
 * Where Shift+←/→ goes: the previous or next chapter (core/chapters.ts; null when there is none that way), or
 * 5 s back or on when the video has no chapters.
 */
export function chapterStepTarget(chapters: readonly Chapter[], current: number, direction: -1 | 1, duration: number): number | null {
  if (!chapters.length) return seekTarget(current, direction * SEEK_ARROW_SECONDS, duration);
  return chapterSeekTarget(chapters, current, direction);
}

/** What a shortcut acts through: the player's own controls. */
export interface ShortcutControls {
  togglePlay: () => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
  /** Captions on/off; a video without captions ignores it. */
  toggleCaptions: () => void;
  seek: (time: number) => void;
  setRate: (rate: number) => void;
  /** The video's chapters, for Shift+←/→. */
  chapters?: readonly Chapter[];
}

/** Carries out `action` on the video (`currentTime`, `duration` and `playbackRate` as it stands) through `controls`. */
export function runShortcut(
  action: PlayerAction,
  video: { currentTime: number; duration: number; playbackRate: number },
  controls: ShortcutControls,
): void {
  switch (action.type) {
    case "toggle-play":
      controls.togglePlay();
      break;
    case "toggle-mute":
      controls.toggleMute();
      break;
    case "toggle-fullscreen":
      controls.toggleFullscreen();
      break;
    case "toggle-captions":
      controls.toggleCaptions();
      break;
    case "restart":
      controls.seek(0);
      break;
    case "seek-by":
      controls.seek(seekTarget(video.currentTime, action.seconds, video.duration));
      break;
    case "chapter": {
      const to = chapterStepTarget(controls.chapters ?? [], video.currentTime, action.direction, video.duration);
      if (to !== null) controls.seek(to);
      break;
    }
    case "speed-by":
      controls.setRate(steppedSpeed(video.playbackRate, action.step));
      break;
  }
}

/** Whether a key press on `target` is the player's to take: inside the player, or on the page itself (nothing focused). */
export function inShortcutScope<T>(
  target: T,
  player: { contains: (node: T) => boolean },
  page: { body: unknown; documentElement: unknown },
): boolean {
  return player.contains(target) || target === page.body || target === page.documentElement;
}

const NON_TEXT_INPUTS = new Set(["range", "checkbox", "radio", "button", "submit", "reset", "color", "file", "image"]);
const SLIDER_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  type?: string;
}

/** Typing in a text field or editable element: every shortcut stands down. */
export function isTypingTarget(target: TargetLike | null): boolean {
  if (!target?.tagName) return false;
  const tag = target.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) return true;
  return tag === "INPUT" && !NON_TEXT_INPUTS.has((target.type ?? "text").toLowerCase());
}

/**
 * Whether the focused element inside the player handles this key itself: Space and Enter press a button,
 * arrows/Home/End move a slider, and a menu keeps every key while it is open.
 */
export function focusedControlOwnsKey(target: TargetLike | null, key: string): boolean {
  if (!target?.tagName) return false;
  const tag = target.tagName.toUpperCase();
  const role = target.getAttribute?.("role") ?? "";
  if (role === "menu" || role === "menuitemradio" || role === "menuitem") return true;
  if ((tag === "BUTTON" || role === "button") && (key === " " || key === "Enter")) return true;
  const isSlider = role === "slider" || (tag === "INPUT" && (target.type ?? "").toLowerCase() === "range");
  return isSlider && SLIDER_KEYS.has(key);
}
