// The test build's server/services/categories.ts (docs/decisions/0018-test-build.md).
import * as categories from "../../../../server/services/categories";
import { failing } from "../faults";

export * from "../../../../server/services/categories";
export const listCategories = failing("categories.list", categories.listCategories);
export const topCategories = failing("categories.top", categories.topCategories);
