import { sql } from "kysely";
import { getDb } from "../db/connection";

/** Admin/operator only (DESIGN.md §4.1): never reachable from the browser. Returns the number of videos reset. */
export async function resetAllViews(): Promise<number> {
  const result = await getDb().updateTable("videos").set({ views: 0 }).where(sql<boolean>`views <> 0`).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
