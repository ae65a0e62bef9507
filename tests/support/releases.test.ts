import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockCovers, migrationsAt, previousRelease } from "./releases";

/** A scratch repository: commits on main, a branch merged into it, then a shallow clone of it. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-releases-test-"));
const repo = path.join(root, "repo");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd, encoding: "utf8" }).trim();
}
function commit(message: string, files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    fs.writeFileSync(path.join(repo, file), text);
  }
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", message);
  return git(repo, "rev-parse", "HEAD");
}

fs.mkdirSync(repo);
git(repo, "init", "-q", "-b", "main");
commit("first", { "server/db/migrations/0001_initial.ts": "", "README.md": "1" });
const beforeBranch = commit("docs", { "README.md": "2" });
git(repo, "checkout", "-q", "-b", "feature");
commit("migration 0002", { "server/db/migrations/0002_more.ts": "" });
commit("more work", { "app.ts": "x" });
git(repo, "checkout", "-q", "main");
commit("docs again", { "README.md": "3" });
git(repo, "merge", "-q", "--no-ff", "-m", "Merge feature", "feature");
const mergeCommit = git(repo, "rev-parse", "HEAD");
commit("a fix to the migration's comment", { "server/db/migrations/0002_more.ts": "// why" });

describe("previous release (docs/decisions/0039-rolling-upgrade-drill.md)", () => {
  it("is the first parent of the newest first-parent commit adding a migration: main before the merge that brought it", () => {
    // The last commit only edits a migration: not a new one, so the merge stays the newest that added one.
    const found = previousRelease(repo, undefined);
    expect(found).toMatchObject({ commit: git(repo, "rev-parse", `${mergeCommit}^1`) });
    expect(git(repo, "log", "-1", "--format=%s", `${mergeCommit}^1`)).toBe("docs again");
    expect("commit" in found && migrationsAt(found.commit, repo)).toEqual(["0001_initial"]);
  });

  it("is UPGRADE_FROM when set, or says it names nothing", () => {
    expect(previousRelease(repo, beforeBranch)).toMatchObject({ commit: beforeBranch, why: `UPGRADE_FROM=${beforeBranch}` });
    expect(previousRelease(repo, "no-such-ref")).toEqual({ unavailable: "UPGRADE_FROM=no-such-ref names no commit this clone has" });
  });

  it("in a shallow clone without that commit, says why instead of guessing", () => {
    const shallow = path.join(root, "shallow");
    git(root, "clone", "-q", "--depth", "1", `file://${repo}`, shallow);
    const found = previousRelease(shallow, undefined);
    expect("unavailable" in found && found.unavailable).toMatch(/^this clone is shallow: .* clone with full history, or set UPGRADE_FROM/);
  });

  it("outside a git checkout, says so", () => {
    expect(previousRelease(root, undefined)).toEqual({ unavailable: `${root} is not a git checkout` });
  });
});

describe("lockCovers: when the previous release can use this checkout's node_modules", () => {
  const entry = (version: string) => ({ version, integrity: `sha512-${version}` });
  const current = { packages: { "": { version: "2" }, "node_modules/a": entry("1.0.0"), "node_modules/b": entry("2.0.0") } };

  it("yes when every package it installs is here at the same version (extra ones are harmless)", () => {
    expect(lockCovers(current, { packages: { "": { version: "1" }, "node_modules/a": entry("1.0.0") } })).toBe(true);
  });

  it("no when one is missing or at another version", () => {
    expect(lockCovers(current, { packages: { "node_modules/c": entry("1.0.0") } })).toBe(false);
    expect(lockCovers(current, { packages: { "node_modules/a": entry("0.9.0") } })).toBe(false);
  });
});
