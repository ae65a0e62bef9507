// Operator commands: `npm run cli -- <command> [args]` (see README).
import { parseArgs } from "node:util";
import { type DatabaseHandle, openDatabase, setDatabase } from "../server/db/connection";
import { dataDir, env } from "../server/env";
import { seedDemoContent } from "../server/seed/demo-content";
import { ingestVideo } from "../server/services/ingest";
import { setUserRole } from "../server/services/users";
import { resetAllViews } from "../server/services/views";

const USAGE = `Usage: npm run cli -- <command>

  seed                                   replace catalogue content with the demo set
  migrate                                apply pending database migrations
  user:role <email> <user|creator|admin> set a user's role
  video:ingest <file> --title T --category C [--description D] [--private]
                                         transcode a video file to HLS and add it to the catalogue
  views:reset                            set every video's and category's view count to 0 and clear the per-day counts`;

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
      await run((h) => seedDemoContent(h.db, { dataDir: dataDir(), media: env().DEMO_MEDIA, mediaCache: env().DEMO_MEDIA_CACHE, log }));
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
      const { positionals, values } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { title: { type: "string" }, category: { type: "string" }, description: { type: "string" }, private: { type: "boolean" } },
      });
      const file = positionals[0];
      if (!file || !values.title || !values.category) {
        console.error("video:ingest needs <file> --title <title> --category <category>");
        return 2;
      }
      await run(async () => {
        const video = await ingestVideo({
          file,
          title: values.title as string,
          categoryName: values.category as string,
          description: values.description ?? null,
          isPublic: !values.private,
          mediaRoot: `${dataDir()}/media`,
          log,
        });
        log(`added video ${video.id} (${video.duration} s): /video/${video.id}`);
      });
      return 0;
    }
    case "views:reset":
      await run(async () => log(`reset views of ${await resetAllViews()} videos`));
      return 0;
    default:
      console.error(`unknown command: ${command}\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
