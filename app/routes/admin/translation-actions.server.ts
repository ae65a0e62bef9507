import { done, refused, unreadable } from "~/lib/console-result";
import { formStrings } from "~core/params";
import { categoryDescriptionSchema, categoryTranslationSchema, checkTranslation, videoTranslationSchema } from "~core/translation-schema";
import { z } from "~core/zod";
import type { Actor } from "../../../server/services/audit-log";
import { CategoryNotFoundError } from "../../../server/services/category-admin";
import {
  saveCategoryDescription,
  saveCategoryTranslation,
  saveVideoTranslation,
  TranslationFieldsError,
} from "../../../server/services/translation-admin";
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

/** The `describe` intent of the categories page: a category's English description. */
export async function categoryDescriptionAction(form: FormData, actor: Actor) {
  const raw = formStrings(form, ["intent", "categoryId", "description"]);
  if (!raw) return unreadable(400, "describe");
  const parsed = categoryDescriptionSchema.safeParse(raw);
  if (!parsed.success) {
    const unknown = parsed.error.issues.some((i) => i.path[0] === "categoryId");
    if (unknown) return refused(404, { intent: "describe", message: new CategoryNotFoundError().message });
    return refused(400, { intent: "describe", id: raw.categoryId, fieldErrors: { description: parsed.error.issues[0]?.message } });
  }
  try {
    await saveCategoryDescription(parsed.data.categoryId, parsed.data.description, actor);
    return done("describe", parsed.data.categoryId);
  } catch (err) {
    if (err instanceof CategoryNotFoundError) return refused(404, { intent: "describe", id: parsed.data.categoryId, message: err.message });
    throw err;
  }
}

function answerError(err: unknown, id: string): ReturnType<typeof refused> {
  if (err instanceof TranslationFieldsError) return refused(400, { intent: INTENT, id, fieldErrors: err.errors });
  if (err instanceof VideoNotFoundError || err instanceof CategoryNotFoundError)
    return refused(404, { intent: INTENT, id, message: err.message });
  throw err;
}
