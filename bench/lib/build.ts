import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { trackChild } from "./cleanup";

/** Runs a command, collecting its output; rejects with the output's tail when it fails. */
export function run(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; name: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    trackChild(opts.name, child);
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${opts.name} failed (${signal ?? `exit ${code}`}):\n${output.split("\n").slice(-40).join("\n")}`));
    });
  });
}

/**
 * Production build of the app into its own directory: `npm run build` (Vite, then the precompressed
 * files), so the project's Node 24 (the `node` devDependency) runs it even when the machine's default
 * Node is older.
 */
export async function buildApp(root: string, buildDir: string): Promise<{ seconds: number }> {
  const started = Date.now();
  fs.rmSync(buildDir, { recursive: true, force: true });
  await run("npm", ["run", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    name: "npm run build",
  });
  if (!fs.existsSync(`${buildDir}/server/index.js`)) throw new Error(`build produced no ${buildDir}/server/index.js`);
  return { seconds: (Date.now() - started) / 1000 };
}

/** git's answer in `root`, trimmed; "" when git fails (no repository, no git). */
function git(root: string, ...a: string[]): string {
  try {
    return execFileSync("git", a, { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "";
  }
}

/** The commit checked out in `root`, or "unknown". */
export function commitOf(root: string): string {
  return git(root, "rev-parse", "HEAD") || "unknown";
}

/** Which code was measured: the commit, plus app files changed since (the working tree is what gets built). */
export function appVersion(root: string): { commit: string; changedFiles: string[] } {
  const changed = git(
    root,
    "status",
    "--porcelain",
    "--",
    "app",
    "core",
    "server",
    "server.js",
    "vite.config.ts",
    "react-router.config.ts",
    "package.json",
  );
  return { commit: commitOf(root), changedFiles: changed ? changed.split("\n").map((l) => l.trim()) : [] };
}
