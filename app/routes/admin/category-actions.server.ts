import { type ActionFunctionArgs, redirect } from "react-router";
import { consoleRequest } from "~/lib/console-request.server";
import { done, refused, unreadable } from "~/lib/console-result";
import { categoryForms } from "~core/category-schema";
import { parseForm } from "~core/params";
import { paths } from "~core/paths";
import {
  CategoryFieldError,
  CategoryNotFoundError,
  createCategory,
  deleteCategory,
  renameCategory,
} from "../../../server/services/category-admin";
import { categoryDescriptionAction, categoryTranslationAction } from "./translation-actions.server";

/**
 * Every category write, for the list (`/admin/categories`: create, rename) and a category's own page
 * (`/admin/categories/<id>`: description, translations, delete). Each intent has its schema
 * (core/category-schema.ts): the form is parsed once its intent is known. A delete answers with the list,
 * since the page it was sent from is gone.
 */
export async function categoryAction(args: ActionFunctionArgs) {
  const begun = await consoleRequest(args, unreadable);
  if (!begun.ok) return begun.answer;
  const { actor, form: posted } = begun;
  const intent = posted.get("intent");
  if (intent === "translation") return categoryTranslationAction(posted, actor);
  if (intent === "describe") return categoryDescriptionAction(posted, actor);
  if (intent !== "create" && intent !== "rename" && intent !== "delete") return unreadable(400, intent);
  const form = parseForm<(typeof categoryForms)[typeof intent]>(categoryForms[intent], posted);
  if (!form) return unreadable(400, intent);
  const id = "categoryId" in form ? form.categoryId : undefined;
  try {
    if (form.intent === "create") {
      const created = await createCategory(form.name, actor);
      return done(intent, created.id);
    }
    if (form.intent === "rename") {
      await renameCategory(form.categoryId, form.name, actor);
      return done(intent, form.categoryId);
    }
    await deleteCategory(form.categoryId, form.moveTo ? form.moveTo : null, actor);
    return redirect(paths.admin.categories());
  } catch (err) {
    if (err instanceof CategoryFieldError) return refused(400, { intent, id, fieldErrors: { [err.field]: err.message } });
    if (err instanceof CategoryNotFoundError) return refused(404, { intent, id, message: err.message });
    throw err;
  }
}
