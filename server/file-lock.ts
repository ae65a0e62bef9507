import fs from "node:fs";
import { isProcessAlive } from "./process";

/**
 * Runs `fn` while holding an exclusive lock file (created with O_EXCL, holding our PID). Other processes
 * wait; a lock left by a dead process is taken over. Used for work shared across processes on one
 * machine, such as generating the demo media cache.
 */
export async function withFileLock<T>(lockPath: string, fn: () => Promise<T>, timeoutMs = 15 * 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (!Number.isInteger(holder) || !isProcessAlive(holder)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockPath} (held by ${holder})`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}
