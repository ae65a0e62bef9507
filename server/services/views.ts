import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

/** Admin/operator only (DESIGN.md §4.1): never reachable from the browser. Returns the number of videos reset. */
export async function resetAllViews(db: Kysely<Database>): Promise<number> {
  const result = await db.updateTable("videos").set({ views: 0 }).where(sql<boolean>`views <> 0`).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
