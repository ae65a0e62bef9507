import { sql } from "kysely";
import { TtlCache } from "../cache";
import { getDb } from "../db/connection";
import { invalidate, sharedCache } from "../realtime/shared-caches";

export interface CategoryLink {
  id: string;
  name: string;
  slug: string;
}

export const TOP_CATEGORIES = 10;

// Category lists appear on every page and change rarely: a minute of caching saves two queries per page.
// Shared, so a console change reaches every process at once (invalidateCategoryLists).
const CATEGORY_LISTS = "category-lists";
const lists = sharedCache(CATEGORY_LISTS, new TtlCache<CategoryLink[]>({ ttlMs: 60_000, maxEntries: 4 }));

/** After any category write: the header and sidebar lists reload in every process. */
export function invalidateCategoryLists(): Promise<void> {
  return invalidate(CATEGORY_LISTS);
}

export async function listCategories(): Promise<CategoryLink[]> {
  return lists.get("all", () => getDb().selectFrom("categories").select(["id", "name", "slug"]).orderBy("name").execute());
}

export async function topCategories(): Promise<CategoryLink[]> {
  return lists.get("top", () =>
    getDb()
      .selectFrom("categories")
      .select(["id", "name", "slug"])
      .orderBy("views", "desc")
      .orderBy("name")
      .limit(TOP_CATEGORIES)
      .execute(),
  );
}

/** Escapes LIKE wildcards so user text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** docs/product.md "Listings" lookup order: exact name, then case-insensitive, then contains. Unknown → undefined. */
export async function findCategoryByName(name: string): Promise<(CategoryLink & { description: string | null }) | undefined> {
  const needle = name.trim().slice(0, 100);
  if (!needle) return undefined;
  return getDb()
    .selectFrom("categories")
    .select(["id", "name", "slug", "description"])
    .where("name", "ilike", `%${escapeLike(needle)}%`)
    .orderBy(sql`name = ${needle}`, "desc")
    .orderBy(sql`lower(name) = lower(${needle})`, "desc")
    .orderBy("name")
    .limit(1)
    .executeTakeFirst();
}
