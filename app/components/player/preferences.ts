import { type CaptionStyle, storedCaptionStyle } from "~core/caption-style";

/**
 * Volume, mute, speed and captions (language and style), remembered on this device. Read only after hydration (in an effect), so the
 * server's HTML and the first client render agree.
 */
export interface PlayerPreferences {
  volume: number;
  muted: boolean;
  rate: number;
  /** The caption language last chosen (a BCP 47 tag), applied to the next video that has it; null: none yet. */
  captionLanguage: string | null;
  /** Whether captions are on (the `c` key and the CC button switch this). */
  captionsOn: boolean;
  /** How captions look (core/caption-style.ts); null: never chosen on this device. */
  captionStyle: CaptionStyle | null;
}

export const PREFERENCES_KEY = "pleazure-player";
export const DEFAULT_PREFERENCES: PlayerPreferences = {
  volume: 1,
  muted: false,
  rate: 1,
  captionLanguage: null,
  captionsOn: false,
  captionStyle: null,
};

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/;

const between = (n: unknown, min: number, max: number): n is number => typeof n === "number" && Number.isFinite(n) && n >= min && n <= max;

/** Whatever is stored, validated field by field: a broken or foreign value falls back to the default. */
export function parsePreferences(raw: string | null): PlayerPreferences {
  let value: Record<string, unknown> = {};
  try {
    const parsed = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === "object") value = parsed;
  } catch {
    // keep the defaults
  }
  return {
    volume: between(value.volume, 0, 1) ? value.volume : DEFAULT_PREFERENCES.volume,
    muted: typeof value.muted === "boolean" ? value.muted : DEFAULT_PREFERENCES.muted,
    rate: between(value.rate, 0.25, 2) ? value.rate : DEFAULT_PREFERENCES.rate,
    captionLanguage:
      typeof value.captionLanguage === "string" && LANGUAGE_TAG.test(value.captionLanguage)
        ? value.captionLanguage
        : DEFAULT_PREFERENCES.captionLanguage,
    captionsOn: typeof value.captionsOn === "boolean" ? value.captionsOn : DEFAULT_PREFERENCES.captionsOn,
    captionStyle: storedCaptionStyle(value.captionStyle),
  };
}

export function readPreferences(): PlayerPreferences {
  try {
    return parsePreferences(window.localStorage.getItem(PREFERENCES_KEY));
  } catch {
    return DEFAULT_PREFERENCES; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** Saves `changed` over what is stored (the volume's writer and the captions' writer each keep the other's). */
export function writePreferences(changed: Partial<PlayerPreferences>): void {
  try {
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ ...readPreferences(), ...changed }));
  } catch {
    // storage full or disabled: the setting just isn't remembered
  }
}
