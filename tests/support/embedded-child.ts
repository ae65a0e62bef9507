// Child process for the crash-recovery test: starts the embedded server, writes a row, then waits to be killed.
import { connect } from "../../server/db/connection";
import { startEmbeddedPostgres } from "../../server/db/embedded";

const dir = process.argv[2] as string;
const server = await startEmbeddedPostgres(dir);
const handle = connect(server.url("postgres"), 1);
await handle.pool.query("CREATE TABLE IF NOT EXISTS survivor (note text)");
await handle.pool.query("INSERT INTO survivor VALUES ('written before the crash')");
await handle.close();
process.stdout.write("READY\n");
setInterval(() => {}, 1000);
