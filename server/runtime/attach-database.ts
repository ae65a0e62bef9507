import { setAvailabilityProbe } from "../db/availability";
import { connect, setDatabase } from "../db/connection";
import { startListening } from "../realtime/notifications";

/** The app's pool size per serving process (the bench's raw-SQL pool mirrors it). */
export const POOL_SIZE = 20;

/**
 * Makes `url` this serving process's database: the pool services use (getDb), the probe that tells when
 * an unreachable database is back, and the LISTEN connection for cross-process notifications. Returns
 * the matching detach, to call once requests have drained.
 */
export async function attachDatabase(url: string): Promise<() => Promise<void>> {
  const handle = connect(url, POOL_SIZE);
  setDatabase(handle);
  setAvailabilityProbe(() => handle.pool.query("SELECT 1"));
  const stopListening = await startListening(url);
  return async () => {
    await stopListening();
    setDatabase(undefined);
    setAvailabilityProbe(undefined);
    await handle.close();
  };
}
