import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { setAutoplay } from "../../../server/services/account";
import type { Route } from "./+types/autoplay";
import { postOnly, preferenceAction } from "./preference-action";

/**
 * `POST /api/autoplay` (form `autoplay=on|off`): the player's Autoplay switch, for a signed-in user, keeps the
 * choice on the account as well as in the browser's cookie (core/autoplay.ts). The settings page has the same
 * choice as a plain form for browsers without JavaScript.
 */

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: z.object({ autoplay: z.enum(["on", "off"]) }) },
});

const save = preferenceAction({
  form: contract.input.form,
  maxBytes: 256,
  what: "autoplay choice",
  save: (userId, form) => setAutoplay(userId, form.autoplay === "on"),
});

export const action = (args: Route.ActionArgs) => save(args);
export const loader = postOnly;
