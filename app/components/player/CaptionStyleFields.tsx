import { useId } from "react";
import { type Translate, useLocale, useMessages } from "~/lib/i18n";
import {
  CAPTION_STYLE_CHOICES,
  CAPTION_STYLE_FIELDS,
  type CaptionEdge,
  type CaptionFont,
  type CaptionStyle,
  captionTextStyle,
} from "~core/caption-style";
import { intlFormatters } from "~core/intl-formatters";

type Texts = Translate<"captionStyle">;

const FONT_TEXT: Record<CaptionFont, Parameters<Texts>[0]> = {
  sans: "fontSans",
  serif: "fontSerif",
  "mono-sans": "fontMonoSans",
  "mono-serif": "fontMonoSerif",
  casual: "fontCasual",
  cursive: "fontCursive",
  "small-caps": "fontSmallCaps",
};

const EDGE_TEXT: Record<CaptionEdge, Parameters<Texts>[0]> = {
  none: "edgeNone",
  "drop-shadow": "edgeDropShadow",
  raised: "edgeRaised",
  depressed: "edgeDepressed",
  outline: "edgeOutline",
};

const FIELD_TEXT: Record<keyof CaptionStyle, Parameters<Texts>[0]> = {
  size: "size",
  font: "font",
  color: "color",
  background: "background",
  backgroundOpacity: "backgroundOpacity",
  edge: "edge",
};

/** A choice as the viewer reads it: sizes and opacities as percentages in the page's language, the rest by name. */
function choiceText(t: Texts, locale: string, field: keyof CaptionStyle, choice: string | number): string {
  if (typeof choice === "number") return intlFormatters.getNumberFormat(locale, { style: "percent" }).format(choice / 100);
  if (field === "font") return t(FONT_TEXT[choice as CaptionFont]);
  if (field === "edge") return t(EDGE_TEXT[choice as CaptionEdge]);
  return t(choice as Parameters<Texts>[0]);
}

/**
 * The six caption settings as labelled native selects (keyboard, touch and screen readers as the platform does
 * them), named for a form post: the settings page posts them without JavaScript, the player's dialog reads changes.
 */
export function CaptionStyleFields({ style, onChange }: { style: CaptionStyle; onChange: (style: CaptionStyle) => void }) {
  const t = useMessages("captionStyle");
  const locale = useLocale();
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {CAPTION_STYLE_FIELDS.map((field) => (
        <div key={field}>
          <label htmlFor={`${id}-${field}`} className="block text-sm font-medium text-zinc-200">
            {t(FIELD_TEXT[field])}
          </label>
          <select
            id={`${id}-${field}`}
            name={field}
            value={String(style[field])}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ ...style, [field]: typeof style[field] === "number" ? Number(value) : value });
            }}
            className="mt-1 block min-h-11 w-full rounded-lg border border-zinc-500 bg-ink-950 px-3 py-2 text-sm text-zinc-100"
          >
            {CAPTION_STYLE_CHOICES[field].map((choice) => (
              <option key={choice} value={String(choice)}>
                {choiceText(t, locale, field, choice)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

/**
 * The style on a sample line over a stand-in frame (light at one end, dark at the other, so the box's opacity and
 * the edge both show), at the size the player uses for a mid-sized video.
 */
export function CaptionPreview({ style }: { style: CaptionStyle }) {
  const t = useMessages("captionStyle");
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-medium text-zinc-200">{t("preview")}</figcaption>
      <div
        data-testid="caption-preview"
        className="mt-1 flex min-h-24 items-center justify-center overflow-hidden rounded-lg bg-[linear-gradient(135deg,#e4e4e7_0%,#71717a_45%,#18181b_100%)] p-3"
      >
        <span
          className="rounded-[0.2em] box-decoration-clone px-[0.45em] py-[0.1em] text-center leading-snug"
          style={{ ...captionTextStyle(style), fontSize: `${1.125 * (style.size / 100)}rem` }}
        >
          {t("previewText")}
        </span>
      </div>
    </figure>
  );
}
