// `npm start`: build once if there is no build yet, then serve it.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!fs.existsSync(`${buildDir}/server/index.js`) || process.env.REBUILD === "1") {
  console.log("Building the site (first start)...");
  execSync("npm run build", { stdio: "inherit" });
}
const child = spawn(process.execPath, ["server.js"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
