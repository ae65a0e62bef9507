import { CAPTION_STYLE_CHOICES, type CaptionStyle, parseCaptionStyle } from "./caption-style";
import { z } from "./zod";

const choiceOf = (choices: readonly (string | number)[]) => z.enum(choices.map(String) as [string, ...string[]]);

/**
 * The six caption settings as a form sends them (the settings page's plain form, the player's dialog): each
 * one of its choices, else the whole form is refused (400), so a stored style only ever holds choices.
 */
export const captionStyleForm = z.object({
  size: choiceOf(CAPTION_STYLE_CHOICES.size),
  font: choiceOf(CAPTION_STYLE_CHOICES.font),
  color: choiceOf(CAPTION_STYLE_CHOICES.color),
  background: choiceOf(CAPTION_STYLE_CHOICES.background),
  backgroundOpacity: choiceOf(CAPTION_STYLE_CHOICES.backgroundOpacity),
  edge: choiceOf(CAPTION_STYLE_CHOICES.edge),
});

/** A parsed form as the style it names (the strings are choices already; numbers become numbers). */
export const captionStyleOf = (form: z.output<typeof captionStyleForm>): CaptionStyle => parseCaptionStyle(form);
