import { data } from "react-router";
import type { ChaptersActionResult } from "~/components/admin/videos/ChaptersEditor";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { chaptersFromForm } from "~core/chapters-schema";
import type { Actor } from "../../../server/services/audit-log";
import { ChaptersError, ChaptersRateLimitedError, saveChapters } from "../../../server/services/chapters";
import { VideoNotFoundError } from "../../../server/services/video-admin";

const refused = (status: number, problems: string[], text: string, headers: Record<string, string> = {}) =>
  data<ChaptersActionResult>({ intent: "chapters", ok: false, problems, text }, { status, headers });

/** The edit page's `chapters` intent: saves the list, or sends every problem back with the admin's own text. */
export async function chaptersAction(videoId: string, form: FormData, actor: Actor) {
  const text = chaptersFromForm(form);
  if (text === undefined) return refused(400, [FORM_UNREADABLE], "");
  try {
    await saveChapters(videoId, text, actor);
    return data<ChaptersActionResult>({ intent: "chapters", ok: true });
  } catch (err) {
    if (err instanceof ChaptersError) return refused(400, err.problems, text);
    if (err instanceof VideoNotFoundError) return refused(404, [err.message], text);
    if (err instanceof ChaptersRateLimitedError)
      return refused(429, [err.message], text, { "Retry-After": String(Math.ceil(err.retryAfterMs / 1000)) });
    throw err;
  }
}
