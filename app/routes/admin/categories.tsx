import { data } from "react-router";
import { CategoryConsole } from "~/components/admin/CategoryConsole";
import { consoleRequest } from "~/lib/console-request.server";
import { done, refused, unreadable } from "~/lib/console-result";
import { categoryForms } from "~core/category-schema";
import { parseForm } from "~core/params";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import {
  CategoryFieldError,
  CategoryNotFoundError,
  createCategory,
  deleteCategory,
  listCategoriesWithCounts,
  renameCategory,
} from "../../../server/services/category-admin";
import { categoryDescriptions, categoryTranslationsForEditing } from "../../../server/services/translation-admin";
import type { Route } from "./+types/categories";
import { categoryDescriptionAction, categoryTranslationAction } from "./translation-actions.server";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
});

export async function loader() {
  const [categories, translations, descriptions] = await Promise.all([
    listCategoriesWithCounts(),
    categoryTranslationsForEditing(),
    categoryDescriptions(),
  ]);
  return data({ categories, translations: Object.fromEntries(translations), descriptions });
}

export function meta() {
  return [{ title: "Categories | Console" }];
}

export async function action(args: Route.ActionArgs) {
  // Each intent has its schema (core/category-schema.ts): the form is parsed once its intent is known.
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
    return done(intent, form.categoryId);
  } catch (err) {
    if (err instanceof CategoryFieldError) return refused(400, { intent, id, fieldErrors: { [err.field]: err.message } });
    if (err instanceof CategoryNotFoundError) return refused(404, { intent, id, message: err.message });
    throw err;
  }
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  return <CategoryConsole {...loaderData} />;
}
