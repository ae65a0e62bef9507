import { data } from "react-router";
import { CategoryConsole } from "~/components/admin/CategoryConsole";
import { categoryForms } from "~core/category-schema";
import { parseForm } from "~core/params";
import { requireAdmin } from "../../../server/auth/session";
import {
  CategoryFieldError,
  CategoryNotFoundError,
  createCategory,
  deleteCategory,
  listCategoriesWithCounts,
  renameCategory,
} from "../../../server/services/category-admin";
import type { Route } from "./+types/categories";
import { beginConsoleAction, done, refused, unreadable } from "./console-action.server";
import { CONSOLE_HEADERS, consoleHeaders } from "./layout";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return data({ categories: await listCategoriesWithCounts() }, { headers: CONSOLE_HEADERS });
}

export function headers(args: Route.HeadersArgs) {
  return consoleHeaders(args);
}

export function meta() {
  return [{ title: "Categories | Console" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function action(args: Route.ActionArgs) {
  const begun = await beginConsoleAction(args);
  if ("refusal" in begun) return begun.refusal;
  const intent = begun.form.get("intent");
  if (intent !== "create" && intent !== "rename" && intent !== "delete") return unreadable(intent);
  const form = parseForm<(typeof categoryForms)[typeof intent]>(categoryForms[intent], begun.form);
  if (!form) return unreadable(intent);
  const id = "categoryId" in form ? form.categoryId : undefined;
  try {
    if (form.intent === "create") {
      const created = await createCategory(form.name, begun.actor);
      return done(intent, created.id);
    }
    if (form.intent === "rename") {
      await renameCategory(form.categoryId, form.name, begun.actor);
      return done(intent, form.categoryId);
    }
    await deleteCategory(form.categoryId, form.moveTo ? form.moveTo : null, begun.actor);
    return done(intent, form.categoryId);
  } catch (err) {
    if (err instanceof CategoryFieldError) return refused(400, { intent, id, fieldErrors: { [err.field]: err.message } });
    if (err instanceof CategoryNotFoundError) return refused(404, { intent, id, message: err.message });
    throw err;
  }
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  return <CategoryConsole categories={loaderData.categories} />;
}
