// `npm start`: build when there is no build or the sources changed since it was made, then serve it.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import { sourceHash, stampFile } from "./source-hash.js";

const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8") : "";
if (process.env.REBUILD === "1" || built !== sourceHash()) {
  console.log(built ? "The sources changed since the last build: rebuilding..." : "Building the site (first start)...");
  execSync("npm run build", { stdio: "inherit" });
}
const child = spawn(process.execPath, ["server.js"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
