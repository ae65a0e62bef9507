import { data } from "react-router";
import { consoleRequest } from "~/lib/console-request.server";
import { routeInput } from "~/lib/route-contract.server";
import { CAPTION_FORM_MAX_BYTES, CAPTION_MAX_BYTES, type CaptionActionResult, captionForm } from "~core/captions";
import { input, parseForm } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import {
  CaptionError,
  CaptionRateLimitError,
  CaptionVideoNotFoundError,
  removeCaption,
  saveCaption,
} from "../../../server/services/captions";
import type { Route } from "./+types/video-captions";

/**
 * The video editor's captions (docs/decisions/0033-captions.md): `save` takes a WebVTT file for a language
 * (checked, cleaned and re-written by the service), `remove` drops one. Answers JSON for the editor's fetcher.
 */
export const contract = defineRoute({
  access: "admin",
  kind: "resource",
  robots: "noindex",
  cacheControl: "private, no-store",
  input: { params: z.object({ videoId: input.videoId }), form: captionForm },
});

/** Nothing to show at this address: 404 for anyone but an admin, 405 for an admin. */
export async function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  const answer = (result: CaptionActionResult, status = 200, headers: Record<string, string> = {}) =>
    Response.json(result, { status, headers });
  // A body it cannot read and fields it cannot read say different things: the fields are parsed below.
  const begun = await consoleRequest(
    args,
    (status, _intent, headers) => {
      const error =
        status === 413
          ? `The file is larger than ${CAPTION_MAX_BYTES / 1024} KB.`
          : "The form could not be read. Choose a .vtt file and send it again.";
      return answer({ ok: false, language: "", error }, status, headers);
    },
    { maxBytes: CAPTION_FORM_MAX_BYTES },
  );
  if (!begun.ok) return begun.answer;
  const { actor, form: posted } = begun;
  const { videoId } = routeInput(args.context, contract).params;
  const form = parseForm(contract.input.form, posted);
  if (!form) return answer({ ok: false, language: "", error: "The form could not be read. Choose a language and a .vtt file." }, 400);
  const { intent, language } = form;
  try {
    if (intent === "remove") {
      await removeCaption(videoId, language, actor);
      return answer({ ok: true, intent, language });
    }
    const files = posted.getAll("file");
    const file = files.length === 1 ? files[0] : undefined;
    if (!(file instanceof File) || file.size === 0) return answer({ ok: false, language, error: "Choose a .vtt file to upload." }, 400);
    await saveCaption(videoId, language, new Uint8Array(await file.arrayBuffer()), actor);
    return answer({ ok: true, intent, language });
  } catch (err) {
    if (err instanceof CaptionRateLimitError) return answer({ ok: false, language, error: err.message }, 429);
    if (err instanceof CaptionError) return answer({ ok: false, language, error: err.message }, 400);
    if (err instanceof CaptionVideoNotFoundError) return answer({ ok: false, language, error: err.message }, 404);
    throw err;
  }
}
