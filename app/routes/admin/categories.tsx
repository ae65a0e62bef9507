import { data } from "react-router";
import { CategoryConsole } from "~/components/admin/CategoryConsole";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { listCategoriesWithCounts } from "../../../server/services/category-admin";
import type { Route } from "./+types/categories";
import { categoryAction } from "./category-actions.server";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
});

/**
 * Every category with its counts, a create field and a rename field per row. Description, translations and
 * delete are on each category's own page, so this list grows by one row per category (a move-to list of all
 * the others in every row made it grow with the square of their number).
 */
export async function loader() {
  return data({ categories: await listCategoriesWithCounts() });
}

export function meta() {
  return [{ title: "Categories | Console" }];
}

export const action = (args: Route.ActionArgs) => categoryAction(args);

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  return <CategoryConsole categories={loaderData.categories} />;
}
