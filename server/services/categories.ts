import { sql } from "kysely";
import { TtlCache } from "../cache";
import { getDb } from "../db/connection";
import { maybeFail } from "../test-hooks";

export interface CategoryLink {
  id: string;
  name: string;
  slug: string;
}

export const TOP_CATEGORIES = 10;

// Category lists appear on every page and change rarely: a minute of staleness saves two queries per page.
const lists = new TtlCache<CategoryLink[]>({ ttlMs: 60_000, maxEntries: 4 });

export async function listCategories(): Promise<CategoryLink[]> {
  maybeFail("categories.list");
  return lists.get("all", () => getDb().selectFrom("categories").select(["id", "name", "slug"]).orderBy("name").execute());
}

export async function topCategories(): Promise<CategoryLink[]> {
  maybeFail("categories.top");
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

/** SPEC.md §5 lookup order: exact name, then case-insensitive, then contains. Unknown → undefined. */
export async function findCategoryByName(name: string): Promise<CategoryLink | undefined> {
  const needle = name.trim().slice(0, 100);
  if (!needle) return undefined;
  return getDb()
    .selectFrom("categories")
    .select(["id", "name", "slug"])
    .where("name", "ilike", `%${escapeLike(needle)}%`)
    .orderBy(sql`name = ${needle}`, "desc")
    .orderBy(sql`lower(name) = lower(${needle})`, "desc")
    .orderBy("name")
    .limit(1)
    .executeTakeFirst();
}
