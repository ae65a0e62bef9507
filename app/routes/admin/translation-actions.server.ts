import { done, refused, unreadable } from "~/lib/console-result";
import { formStrings } from "~core/params";
import { categoryTranslationSchema, checkTranslation, videoTranslationSchema } from "~core/translation-schema";
import { z } from "~core/zod";
import type { Actor } from "../../../server/services/audit-log";
import { CategoryNotFoundError } from "../../../server/services/category-admin";
import { saveCategoryTranslation, saveVideoTranslation, TranslationFieldsError } from "../../../server/services/translation-admin";
import { VideoNotFoundError } from "../../../server/services/video-admin";

/**
 * The `translation` intent of the video edit page and of the categories page (docs/i18n.md "Content"): the form
 * read with core/translation-schema.ts, each refused field sent back beside it (400), an unknown video or
 * category a 404. Answers what the console sections answer (app/lib/console-result.ts).
 */

const INTENT = "translation";

export async function videoTranslationAction(videoId: string, form: FormData, actor: Actor) {
  const raw = formStrings(form, ["intent", "locale", "title", "description", "chapters", "state"]);
  if (!raw) return unreadable(400, INTENT);
  const checked = checkTranslation(videoTranslationSchema, raw);
  if (!checked.ok) return refused(400, { intent: INTENT, id: raw.locale?.slice(0, 10), fieldErrors: checked.errors });
  try {
    await saveVideoTranslation(videoId, checked.fields, actor);
    return done(INTENT, checked.fields.locale);
  } catch (err) {
    return answerError(err, checked.fields.locale);
  }
}

const categoryId = z.uuid();

export async function categoryTranslationAction(form: FormData, actor: Actor) {
  const raw = formStrings(form, ["intent", "categoryId", "locale", "name", "description", "state"]);
  if (!raw) return unreadable(400, INTENT);
  const id = categoryId.safeParse(raw.categoryId);
  if (!id.success) return refused(404, { intent: INTENT, message: new CategoryNotFoundError().message });
  const checked = checkTranslation(categoryTranslationSchema, raw);
  if (!checked.ok) return refused(400, { intent: INTENT, id: id.data, fieldErrors: checked.errors });
  try {
    await saveCategoryTranslation(id.data, checked.fields, actor);
    return done(INTENT, id.data);
  } catch (err) {
    return answerError(err, id.data);
  }
}

function answerError(err: unknown, id: string): ReturnType<typeof refused> {
  if (err instanceof TranslationFieldsError) return refused(400, { intent: INTENT, id, fieldErrors: err.errors });
  if (err instanceof VideoNotFoundError || err instanceof CategoryNotFoundError)
    return refused(404, { intent: INTENT, id, message: err.message });
  throw err;
}
