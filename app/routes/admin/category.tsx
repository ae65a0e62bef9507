import { data } from "react-router";
import { CategoryEditor } from "~/components/admin/CategoryEditor";
import { routeInput } from "~/lib/route-contract.server";
import { categoryParams } from "~core/category-schema";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { listCategoriesWithCounts } from "../../../server/services/category-admin";
import { categoryForEditing } from "../../../server/services/translation-admin";
import type { Route } from "./+types/category";
import { categoryAction } from "./category-actions.server";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { params: categoryParams },
});

/** One category: its description, its versions in the other languages, and its delete (moving its videos first). */
export async function loader(args: Route.LoaderArgs) {
  const { categoryId } = routeInput(args.context, contract).params;
  const [categories, editing] = await Promise.all([listCategoriesWithCounts(), categoryForEditing(categoryId)]);
  const category = categories.find((c) => c.id === categoryId);
  if (!category || !editing) throw data(null, { status: 404 });
  return data({
    category,
    others: categories.filter((c) => c.id !== categoryId).map(({ id, name }) => ({ id, name })),
    description: editing.description,
    translations: editing.translations,
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.category.name ?? "Category"} | Console` }];
}

export const action = (args: Route.ActionArgs) => categoryAction(args);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <CategoryEditor {...loaderData} />;
}
