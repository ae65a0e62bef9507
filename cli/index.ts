// Operator commands: `npm run cli -- <command> [args]` (see README).

import { parseArgs } from "node:util";

import { type DatabaseHandle, openDatabase, setDatabase } from "../server/db/connection";
import { dataDir, env } from "../server/env";
import { appMediaStorage } from "../server/media/app-storage";
import { backfillStillVariants } from "../server/media/still-backfill";
import { seedDemoContent } from "../server/seed/demo-content";
import { AdConfigError, getPreRollUnit, setPreRoll } from "../server/services/ads";
import { setUserRole } from "../server/services/users";
import { resetAllViews } from "../server/services/views";
import { BACKUP_USAGE, backupCommand, RESTORE_USAGE, restoreCommand } from "./backup";
import { INGEST_USAGE, ingestCommand, listJobsCommand } from "./ingest";

const USAGE = `Usage: npm run cli -- <command>

  seed                                   replace catalogue content with the demo set
  migrate                                apply pending database migrations
  user:role <email> <user|creator|admin> set a user's role
  ${INGEST_USAGE}
                                         transcode a video file to HLS and add it to the catalogue
                                         (private unless --public); waits and shows progress
  video:jobs                             list the latest transcode jobs and their status
  views:reset                            set every video's and category's view count to 0 and clear the per-day counts
  media:stills                           write the still variants (a newer image format) that earlier releases' videos
                                         lack; run before and after an upgrade that adds one (docs/operations.md)
  ads:preroll --source house|vast [--url U] [--duration S] | --off | --show
                                         set the pre-roll (a VAST tag's origin must be in AD_HOSTS)
  ${BACKUP_USAGE}                  the database (one snapshot) and DATA_DIR/media in one archive
                                         (also \`npm run backup\`; works while the site runs)
  ${RESTORE_USAGE}               a backup onto an empty database and DATA_DIR (also \`npm run restore\`);
                                         --force empties a used one first`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const log = (msg: string) => console.log(msg);
  const run = async (fn: (db: DatabaseHandle) => Promise<void>) => {
    const handle = await openDatabase({ databaseUrl: env().DATABASE_URL, dataDir: dataDir() });
    // Services reach the database through getDb(), as in the server; only the seed takes the handle.
    setDatabase(handle);
    try {
      await fn(handle);
    } finally {
      setDatabase(undefined);
      await handle.close();
    }
  };
  switch (command) {
    case "seed":
      await run(async (h) => {
        const e = env();
        await seedDemoContent(h.db, {
          dataDir: dataDir(),
          media: e.DEMO_MEDIA,
          mediaCache: e.DEMO_MEDIA_CACHE,
          preRoll: e.DEMO_PREROLL,
          storage: appMediaStorage(),
          log,
        });
      });
      return 0;
    case "migrate":
      await run(async () => log("migrations are up to date"));
      return 0;
    case "user:role": {
      const [email, role] = rest;
      if (!email || (role !== "user" && role !== "creator" && role !== "admin")) {
        console.error("user:role needs <email> and one of user, creator, admin");
        return 2;
      }
      await run(async () => {
        const user = await setUserRole(email, role);
        log(user ? `${user.email} is now ${user.role}` : `no user with e-mail ${email}`);
        if (!user) process.exitCode = 1;
      });
      return Number(process.exitCode ?? 0);
    }
    case "video:ingest": {
      let code = 0;
      await run(async (h) => {
        code = await ingestCommand(rest, h, log);
      });
      return code;
    }
    case "video:jobs": {
      let code = 0;
      await run(async () => {
        code = await listJobsCommand(log);
      });
      return code;
    }
    case "ads:preroll":
      return preRollCommand(rest, run, log);
    // These two open the database themselves: neither may migrate it first (a backup copies it as it is,
    // a restore builds the schema at its backup's level).
    case "backup":
      return backupCommand(rest, log);
    case "restore":
      return restoreCommand(rest, log);
    case "views:reset":
      await run(async () => log(`reset views of ${await resetAllViews()} videos`));
      return 0;
    case "media:stills":
      await run(async () => {
        const done = await backfillStillVariants(appMediaStorage(), { log });
        log(`still variants: ${done.checked} video(s) checked, ${done.written} file(s) written`);
      });
      return 0;
    default:
      console.error(`unknown command: ${command}\n\n${USAGE}`);
      return 2;
  }
}

async function preRollCommand(
  args: string[],
  run: (fn: (db: DatabaseHandle) => Promise<void>) => Promise<void>,
  log: (msg: string) => void,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      source: { type: "string" },
      url: { type: "string" },
      duration: { type: "string" },
      off: { type: "boolean" },
      show: { type: "boolean" },
    },
  });
  if (!values.off && !values.show && !values.source) {
    console.error("ads:preroll needs --source house|vast (with --url for vast), --off or --show");
    return 2;
  }
  let code = 0;
  await run(async () => {
    const current = await getPreRollUnit();
    if (!values.show) {
      try {
        const duration = values.duration === undefined ? current?.durationSeconds : Number(values.duration);
        await setPreRoll({
          active: !values.off,
          source: (values.source ?? current?.source ?? "house") as "house" | "vast",
          vastTagUrl: values.url ?? current?.vastTagUrl ?? null,
          durationSeconds: duration,
        });
      } catch (err) {
        if (!(err instanceof AdConfigError)) throw err;
        console.error(err.message);
        code = 2;
        return;
      }
    }
    const unit = await getPreRollUnit();
    if (!unit) log("no pre-roll unit");
    else if (!unit.active) log("pre-roll: off");
    else log(`pre-roll: ${unit.source === "vast" ? `VAST ${unit.vastTagUrl}` : "house clip"}, at most ${unit.durationSeconds} s`);
  });
  return code;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
