import { attachDatabase } from "./attach-database";
import { startAppDatabase } from "./database";

/**
 * Development: one process (Vite's) holds the database and serves. Returns a stop function.
 * The handle lives on globalThis (setDatabase), so module reloads keep using one pool.
 */
export async function bootSingleProcess(): Promise<() => Promise<void>> {
  const database = await startAppDatabase({ onDown: () => {}, onUp: () => {} });
  const detachDatabase = await attachDatabase(database.url);
  return async () => {
    await detachDatabase();
    await database.stop();
  };
}
