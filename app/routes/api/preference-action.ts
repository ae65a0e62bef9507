import { type ActionFunctionArgs, data } from "react-router";
import { parseForm, readForm } from "~core/params";
import type { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { getViewer } from "../../../server/http/session";
import { failureAnswer, jsonAnswer } from "./json-answer";

/** What the player's preference endpoints answer: saved, or why not (the browser keeps the choice either way). */
export type PreferenceAnswer = { saved: boolean; reason?: "sign-in" | "too-many" | "unreadable" | "failed" };

const answer = jsonAnswer<PreferenceAnswer>;

/**
 * The action of an endpoint that keeps one of the player's preferences on the signed-in user's account (the
 * autoplay switch, the caption style): a small form read through `form`, then the account's `preferences`
 * budget, then `save`. The settings page keeps the same choices through its own plain form.
 */
export function preferenceAction<S extends z.ZodObject>({
  form: schema,
  maxBytes,
  what,
  save,
}: {
  form: S;
  maxBytes: number;
  /** The log's label for a failure. */
  what: string;
  save: (userId: string, form: z.output<S>) => Promise<void>;
}) {
  return async (args: ActionFunctionArgs) => {
    const { request, context } = args;
    if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
    const body = await readForm(request, maxBytes);
    if (!body.ok) return answer(body.status, { saved: false, reason: "unreadable" }, body.headers);
    const form = parseForm(schema, body.form);
    if (!form) return answer(400, { saved: false, reason: "unreadable" });
    const viewer = await getViewer(args);
    if (!viewer) return answer(401, { saved: false, reason: "sign-in" });
    try {
      // A person flips a switch or tries a few looks; a script hundreds.
      const limit = await consumeAccountLimit("preferences", viewer.id);
      if (!limit.allowed) return answer(429, { saved: false, reason: "too-many" }, { "Retry-After": retryAfterSeconds(limit) });
      await save(viewer.id, form);
      return answer(200, { saved: true });
    } catch (err) {
      return failureAnswer<PreferenceAnswer>(context, what, err, { saved: false, reason: "failed" });
    }
  };
}

/** A GET on a preference endpoint: it only takes posts. */
export const postOnly = () => answer(405, { saved: false, reason: "unreadable" }, { Allow: "POST" });
