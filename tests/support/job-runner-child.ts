// Child process for the restart test: a job runner on the given database and media root, killed on purpose.
import { connect, setDatabase } from "../../server/db/connection";
import { startJobRunner } from "../../server/jobs/runner";
import { localMediaStorage } from "../../server/media/storage";

const [url, mediaRoot] = process.argv.slice(2) as [string, string];
const handle = connect(url, 4);
setDatabase(handle);
const runner = await startJobRunner({
  databaseUrl: url,
  storage: localMediaStorage(mediaRoot),
  pollIntervalMs: 200,
  sweepIntervalMs: 300,
  lockGraceMs: 0,
});
process.stdout.write(`READY ${runner.poolId}\n`);
process.on("SIGTERM", async () => {
  await runner.stop();
  await handle.close();
  process.exit(0);
});
