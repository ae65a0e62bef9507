import { captionStyleForm, captionStyleOf } from "~core/caption-style-schema";
import { defineRoute } from "~core/route-contract";
import { setCaptionStyle } from "../../../server/services/account";
import type { Route } from "./+types/caption-style";
import { postOnly, preferenceAction } from "./preference-action";

/**
 * `POST /api/caption-style` (form: size, font, color, background, backgroundOpacity, edge): the player's caption
 * style dialog, for a signed-in user, keeps the style on the account as well as in the browser's storage
 * (core/caption-style.ts). The settings page has the same six choices as a plain form for browsers without JavaScript.
 */

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: captionStyleForm },
});

const save = preferenceAction({
  form: contract.input.form,
  maxBytes: 512,
  what: "caption style",
  save: (userId, form) => setCaptionStyle(userId, captionStyleOf(form)),
});

export const action = (args: Route.ActionArgs) => save(args);
export const loader = postOnly;
