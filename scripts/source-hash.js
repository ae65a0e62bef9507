// The build's source fingerprint: `npm run build` records it in BUILD_DIR/.source-hash (--write), and
// `npm start` rebuilds when the sources no longer match it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Everything the build reads. content/ is read at run time, so it is not here.
const SOURCES = [
  "app",
  "core",
  "server",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts",
  "vite",
];

export const stampFile = path.join(process.env.BUILD_DIR ?? "build", ".source-hash");

/** A hash of every source file's path and bytes: survives checkouts that touch mtimes, sees every edit. */
export function sourceHash() {
  const hash = crypto.createHash("sha256");
  const files = [];
  for (const source of SOURCES) {
    if (!fs.existsSync(source)) continue;
    if (fs.statSync(source).isFile()) files.push(source);
    else
      for (const entry of fs.readdirSync(source, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) files.push(path.join(entry.parentPath, entry.name));
  }
  for (const file of files.sort()) hash.update(file).update("\0").update(fs.readFileSync(file)).update("\0");
  return hash.digest("hex");
}

if (process.argv.includes("--write")) fs.writeFileSync(stampFile, sourceHash());
