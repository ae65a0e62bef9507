import { setAvailabilityProbe } from "../db/availability";
import { connect, setDatabase } from "../db/connection";
import { startListening } from "../realtime/notifications";
import { startAppDatabase } from "./database";

/**
 * Development: one process (Vite's) holds the database and serves. Returns a stop function.
 * The handle lives on globalThis (setDatabase), so module reloads keep using one pool.
 */
export async function bootSingleProcess(): Promise<() => Promise<void>> {
  const database = await startAppDatabase({ onDown: () => {}, onUp: () => {} });
  const handle = connect(database.url);
  setDatabase(handle);
  setAvailabilityProbe(() => handle.pool.query("SELECT 1"));
  const stopListening = await startListening(database.url);
  return async () => {
    await stopListening();
    setDatabase(undefined);
    await handle.close();
    await database.stop();
  };
}
