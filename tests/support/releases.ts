import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * "The previous release" of the rolling-upgrade drill (docs/decisions/0039-rolling-upgrade-drill.md) and its
 * production build in a folder of its own. The project cuts no tagged releases, so the previous release is
 * defined from history, in a way that always crosses at least one migration: the first parent of the newest
 * commit on HEAD's first-parent line that added a file under server/db/migrations. `UPGRADE_FROM` (any commit
 * git knows) overrides it, e.g. to drill from the commit an operator runs today.
 */

export const MIGRATIONS_DIR = "server/db/migrations";

export interface PreviousRelease {
  commit: string;
  /** How it was chosen, for the test's output. */
  why: string;
}

function git(repo: string, args: readonly string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

function tryGit(repo: string, args: readonly string[]): string | undefined {
  try {
    return git(repo, args) || undefined;
  } catch {
    return undefined;
  }
}

/** The previous release, or why this checkout cannot name one (no git, a shallow clone, no migration yet). */
export function previousRelease(repo = process.cwd(), from = process.env.UPGRADE_FROM): PreviousRelease | { unavailable: string } {
  if (!tryGit(repo, ["rev-parse", "--git-dir"])) return { unavailable: `${repo} is not a git checkout` };
  if (from) {
    const commit = tryGit(repo, ["rev-parse", "--verify", "--quiet", `${from}^{commit}`]);
    return commit ? { commit, why: `UPGRADE_FROM=${from}` } : { unavailable: `UPGRADE_FROM=${from} names no commit this clone has` };
  }
  const added = tryGit(repo, ["log", "--first-parent", "--diff-filter=A", "-1", "--format=%H", "HEAD", "--", MIGRATIONS_DIR]);
  if (!added) return { unavailable: `no commit on HEAD's first-parent line adds a file under ${MIGRATIONS_DIR}` };
  const commit = tryGit(repo, ["rev-parse", "--verify", "--quiet", `${added}^1^{commit}`]);
  if (!commit) {
    const shallow = tryGit(repo, ["rev-parse", "--is-shallow-repository"]) === "true";
    return {
      unavailable: shallow
        ? `this clone is shallow: the parent of ${added.slice(0, 12)} (the newest migration's commit) is not in it; clone with full history, or set UPGRADE_FROM to a commit it has`
        : `${added.slice(0, 12)} (the newest migration's commit) has no parent`,
    };
  }
  const subject = git(repo, ["log", "-1", "--format=%s", added]).slice(0, 80);
  return { commit, why: `the parent of ${added.slice(0, 12)}, the newest commit adding a migration ("${subject}")` };
}

/** The migration names (file names without .ts) a commit has. */
export function migrationsAt(commit: string, repo = process.cwd()): string[] {
  return git(repo, ["ls-tree", "--name-only", `${commit}:${MIGRATIONS_DIR}`])
    .split("\n")
    .filter((f) => /^\d{4}_.+\.ts$/.test(f) && !f.endsWith(".test.ts"))
    .map((f) => f.replace(/\.ts$/, ""));
}

/** The migration names of the working tree (what the current release ships, committed or not). */
export function currentMigrations(repo = process.cwd()): string[] {
  return fs
    .readdirSync(path.join(repo, MIGRATIONS_DIR))
    .filter((f) => /^\d{4}_.+\.ts$/.test(f) && !f.endsWith(".test.ts"))
    .map((f) => f.replace(/\.ts$/, ""))
    .sort();
}

interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
}
interface Lockfile {
  packages?: Record<string, LockEntry>;
}

/**
 * Whether a node_modules installed from `current` holds every package `older` installs, at the same version and
 * integrity (extra packages are harmless: the older code never imports them). The root entry ("") is skipped:
 * it is package.json's own dependency lists, not an installed package.
 */
export function lockCovers(current: Lockfile, older: Lockfile): boolean {
  return Object.entries(older.packages ?? {}).every(([key, entry]) => {
    if (key === "") return true;
    const have = current.packages?.[key];
    return (
      have !== undefined &&
      have.version === entry.version &&
      have.integrity === entry.integrity &&
      Boolean(have.link) === Boolean(entry.link)
    );
  });
}

export interface BuiltRelease {
  commit: string;
  dir: string;
  /** BUILD_DIR/.source-hash of its build, what its /healthz names (X-Build-Id) if it has that header; null for a release from before either. */
  buildId: string | null;
  /** How its node_modules came about. */
  install: "linked" | "npm ci";
  /** ms each step took this time (all 0 when an earlier run's folder was reused). */
  took: { extract: number; install: number; build: number };
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, "utf8")) as T;

/**
 * The production build of `commit` (`npm run build` as an operator runs it), in a folder under the system's
 * temporary directory, reused by later runs while its node_modules still fits: the tree from `git archive`,
 * node_modules linked to this checkout's when its lockfile covers the release's (lockCovers), else its own
 * `npm ci`. Built in a scratch folder and renamed into place, so a run that stops midway leaves nothing half
 * built behind for the next one.
 */
export async function buildRelease(commit: string, repo = process.cwd(), log: (line: string) => void = () => {}): Promise<BuiltRelease> {
  const modules = fs.realpathSync(path.join(repo, "node_modules"));
  const current = readJson<Lockfile>(path.join(repo, "package-lock.json"));
  const older = JSON.parse(git(repo, ["show", `${commit}:package-lock.json`])) as Lockfile;
  const install = lockCovers(current, older) ? "linked" : "npm ci";
  // One folder per commit and per node_modules it links to (another checkout's tests link their own).
  const key = `${commit.slice(0, 12)}-${install === "linked" ? crypto.createHash("sha256").update(modules).digest("hex").slice(0, 8) : "own"}`;
  const dir = path.join(os.tmpdir(), "pleazure-releases", key);
  const built = (took: BuiltRelease["took"]): BuiltRelease => {
    const stamp = path.join(dir, "build", ".source-hash");
    return { commit, dir, buildId: fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8").trim() : null, install, took };
  };
  // Written last, into the scratch folder before its rename: a folder without it was never finished.
  const done = ".release-built";
  if (fs.existsSync(path.join(dir, done))) return built({ extract: 0, install: 0, build: 0 });

  const scratch = `${dir}.partial-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  try {
    let t0 = Date.now();
    await run("sh", ["-c", `git archive --format=tar ${commit} | tar -x -C "${scratch}"`], repo);
    const extract = Date.now() - t0;
    t0 = Date.now();
    if (install === "linked") fs.symlinkSync(modules, path.join(scratch, "node_modules"), "dir");
    else {
      log(`release ${commit.slice(0, 12)}: its package-lock.json is not covered by this checkout's node_modules, so npm ci`);
      await run("npm", ["ci", "--no-audit", "--no-fund"], scratch);
    }
    const installed = Date.now() - t0;
    t0 = Date.now();
    await run("npm", ["run", "build"], scratch);
    const build = Date.now() - t0;
    fs.writeFileSync(path.join(scratch, done), `${new Date().toISOString()}\n`);
    // Another run may have finished the same folder meanwhile, and be running it: keep that one.
    if (fs.existsSync(path.join(dir, done))) fs.rmSync(scratch, { recursive: true, force: true });
    else {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(scratch, dir);
    }
    log(`release ${commit.slice(0, 12)} built in ${dir}: extract ${extract} ms, ${install} ${installed} ms, build ${build} ms`);
    return built({ extract, install: installed, build });
  } catch (err) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw err;
  }
}

/** Runs a command to its end; rejects with the end of its output when it fails. */
function run(command: string, args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_ENV: undefined } });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} in ${cwd} exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}
