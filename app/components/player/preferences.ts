/**
 * Volume, mute and speed, remembered on this device. Read only after hydration (in an effect), so the
 * server's HTML and the first client render agree.
 */
export interface PlayerPreferences {
  volume: number;
  muted: boolean;
  rate: number;
}

export const PREFERENCES_KEY = "pleazure-player";
export const DEFAULT_PREFERENCES: PlayerPreferences = { volume: 1, muted: false, rate: 1 };

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
  };
}

export function readPreferences(): PlayerPreferences {
  try {
    return parsePreferences(window.localStorage.getItem(PREFERENCES_KEY));
  } catch {
    return DEFAULT_PREFERENCES; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function writePreferences(prefs: PlayerPreferences): void {
  try {
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify(prefs));
  } catch {
    // storage full or disabled: the setting just isn't remembered
  }
}
