/**
 * How captions look, as the viewer chooses (docs/accessibility.md "What is promised", docs/architecture.md "Captions"): the text's size, font and
 * colour, the box behind it with its opacity, and the letters' edge. These are the settings the US rules for
 * video players list (CVAA, 47 CFR 79.103) and the ones the players people know offer. Kept in this browser
 * and, for a signed-in user, on the account (which wins on every browser they sign in on, as autoplay does).
 *
 * No zod here: the player loads this module (core/caption-style-schema.ts is the server's form boundary).
 */

export const CAPTION_SIZES = [50, 75, 100, 150, 200] as const;
export const CAPTION_FONTS = ["sans", "serif", "mono-sans", "mono-serif", "casual", "cursive", "small-caps"] as const;
export const CAPTION_COLORS = ["white", "yellow", "green", "cyan", "blue", "magenta", "red", "black"] as const;
export const CAPTION_OPACITIES = [0, 25, 50, 75, 100] as const;
export const CAPTION_EDGES = ["none", "drop-shadow", "raised", "depressed", "outline"] as const;

export type CaptionSize = (typeof CAPTION_SIZES)[number];
export type CaptionFont = (typeof CAPTION_FONTS)[number];
export type CaptionColor = (typeof CAPTION_COLORS)[number];
export type CaptionOpacity = (typeof CAPTION_OPACITIES)[number];
export type CaptionEdge = (typeof CAPTION_EDGES)[number];

export interface CaptionStyle {
  /** Percent of the player's own caption size (which follows the player's width). */
  size: CaptionSize;
  font: CaptionFont;
  color: CaptionColor;
  background: CaptionColor;
  /** Percent opacity of the box behind the text (0: no box). */
  backgroundOpacity: CaptionOpacity;
  edge: CaptionEdge;
}

/** Choices a form or storage names, in the order the menus list them. */
export const CAPTION_STYLE_CHOICES = {
  size: CAPTION_SIZES,
  font: CAPTION_FONTS,
  color: CAPTION_COLORS,
  background: CAPTION_COLORS,
  backgroundOpacity: CAPTION_OPACITIES,
  edge: CAPTION_EDGES,
} as const satisfies { [K in keyof CaptionStyle]: readonly CaptionStyle[K][] };

export const CAPTION_STYLE_FIELDS = Object.keys(CAPTION_STYLE_CHOICES) as (keyof CaptionStyle)[];

/**
 * White on a 75 % black box: the text keeps at least 10:1 against the box whatever the frame behind it (the box
 * over a white frame is #404040), and the picture still shows through a little.
 */
export const DEFAULT_CAPTION_STYLE: CaptionStyle = {
  size: 100,
  font: "sans",
  color: "white",
  background: "black",
  backgroundOpacity: 75,
  edge: "none",
};

const isChoice = <K extends keyof CaptionStyle>(field: K, value: unknown): value is CaptionStyle[K] =>
  (CAPTION_STYLE_CHOICES[field] as readonly unknown[]).includes(value);

/**
 * Whatever was stored (a browser's storage, the account's column, a form's strings), field by field: a value
 * that is not one of the choices falls back to the default of that field only. Numbers may come as strings.
 */
export function parseCaptionStyle(raw: unknown): CaptionStyle {
  const value = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const style = { ...DEFAULT_CAPTION_STYLE };
  for (const field of CAPTION_STYLE_FIELDS) {
    const given = value[field];
    const candidate = typeof given === "string" && /^\d{1,3}$/.test(given) ? Number(given) : given;
    if (isChoice(field, candidate)) (style as Record<keyof CaptionStyle, unknown>)[field] = candidate;
  }
  return style;
}

/** A style as stored (an account's column, a browser's storage): none unless an object was stored, else parsed. */
export function storedCaptionStyle(raw: unknown): CaptionStyle | null {
  return raw && typeof raw === "object" ? parseCaptionStyle(raw) : null;
}

export const sameCaptionStyle = (a: CaptionStyle, b: CaptionStyle): boolean => CAPTION_STYLE_FIELDS.every((f) => a[f] === b[f]);

/** The colours as sRGB triplets (pure hues, as the caption standards name them). */
const RGB: Record<CaptionColor, readonly [number, number, number]> = {
  white: [255, 255, 255],
  yellow: [255, 255, 0],
  green: [0, 255, 0],
  cyan: [0, 255, 255],
  blue: [0, 0, 255],
  magenta: [255, 0, 255],
  red: [255, 0, 0],
  black: [0, 0, 0],
};

const rgb = (color: CaptionColor, alpha = 1) => `rgb(${RGB[color].join(" ")}${alpha < 1 ? ` / ${alpha}` : ""})`;

/** Generic families first, so every font setting shows a real difference on any system. */
const FONT_FAMILY: Record<CaptionFont, string> = {
  sans: "ui-sans-serif, system-ui, Arial, sans-serif",
  serif: 'Georgia, "Times New Roman", ui-serif, serif',
  "mono-sans": '"DejaVu Sans Mono", Menlo, Consolas, ui-monospace, monospace',
  "mono-serif": '"Courier New", Courier, "Liberation Mono", monospace',
  casual: '"Comic Sans MS", "Comic Neue", "Segoe Print", casual, cursive',
  cursive: '"Brush Script MT", "Segoe Script", "URW Chancery L", cursive',
  "small-caps": "ui-sans-serif, system-ui, Arial, sans-serif",
};

/**
 * The letters' edge in the colour that sets them off (dark around light text, light around dark), in em so it
 * grows with the text: a soft shadow down-right, a raised or depressed bevel, or an outline all round.
 */
function edgeShadow(edge: CaptionEdge, color: CaptionColor): string {
  const [r, g, b] = RGB[color];
  const light = 0.2126 * r + 0.7152 * g + 0.0722 * b > 128;
  const far = light ? "rgb(0 0 0 / 0.9)" : "rgb(255 255 255 / 0.9)";
  const near = light ? "rgb(255 255 255 / 0.5)" : "rgb(0 0 0 / 0.5)";
  switch (edge) {
    case "none":
      return "none";
    case "drop-shadow":
      return `0.06em 0.06em 0.08em ${far}, 0.08em 0.08em 0.12em ${far}`;
    case "raised":
      return `0.03em 0.03em 0 ${far}, 0.06em 0.06em 0 ${far}, -0.03em -0.03em 0 ${near}`;
    case "depressed":
      return `-0.03em -0.03em 0 ${far}, -0.06em -0.06em 0 ${far}, 0.03em 0.03em 0 ${near}`;
    case "outline":
      return [
        [-1, -1],
        [1, -1],
        [-1, 1],
        [1, 1],
        [0, -1],
        [0, 1],
        [-1, 0],
        [1, 0],
      ]
        .map(([x, y]) => `${(x ?? 0) * 0.05}em ${(y ?? 0) * 0.05}em 0 ${far}`)
        .join(", ");
  }
}

/** The declarations for one caption's text (the player's overlay and every preview use the same). */
export function captionTextStyle(style: CaptionStyle): {
  color: string;
  backgroundColor: string;
  fontFamily: string;
  fontVariant: string;
  textShadow: string;
} {
  return {
    color: rgb(style.color),
    backgroundColor: rgb(style.background, style.backgroundOpacity / 100),
    fontFamily: FONT_FAMILY[style.font],
    fontVariant: style.font === "small-caps" ? "small-caps" : "normal",
    textShadow: edgeShadow(style.edge, style.color),
  };
}
