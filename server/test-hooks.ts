import fs from "node:fs";

/**
 * Fault switches that only tests can turn on, so error states are provoked for real
 * through the same code paths a failing database would take. With several worker processes the switches
 * are shared through a small file (see shareFaultsThrough), so whichever worker serves the next request
 * sees them.
 */
let active = new Set<string>();
let sharedFile: string | undefined;
let sharedVersion = -1;

export type FaultName =
  | "videos.list"
  | "videos.detail"
  | "videos.related"
  | "videos.trending"
  | "videos.search"
  | "categories.list"
  | "categories.top"
  | "blog.list"
  | "blog.post"
  | "contact.submit"
  | "likes.update"
  | "comments.list"
  | "comments.submit"
  | "comments.delete"
  /** Not a failure: ad unit notifications act 1 s late, as on a loaded machine (server/realtime/ad-units-feed.ts). */
  | "ad-units.notified-late";

let enabled = false;

/**
 * Turns the test hooks on for this process: the test entry (tests/support/test-server.js) calls it in the
 * primary and in every worker, as does `npm run dev` with ENABLE_TEST_HOOKS=1. `node server.js` never does, and
 * no variable can: production cannot be made to mount /__test.
 */
export function setTestHooksEnabled(on: boolean): void {
  enabled = on;
}

export function testHooksEnabled(): boolean {
  return enabled;
}

/** Keeps the switches in `file` so that every process of one server shares them. */
export function shareFaultsThrough(file: string | undefined): void {
  sharedFile = file;
  sharedVersion = -1;
}

export function setFaults(names: string[]): void {
  active = new Set(names);
  if (sharedFile) {
    fs.writeFileSync(`${sharedFile}.tmp`, JSON.stringify(names));
    fs.renameSync(`${sharedFile}.tmp`, sharedFile); // atomic: readers never see half a file
  }
}

export function activeFaults(): string[] {
  refresh();
  return [...active];
}

function refresh(): void {
  if (!sharedFile) return;
  const stat = fs.statSync(sharedFile, { throwIfNoEntry: false });
  const version = stat ? stat.mtimeMs * 1e3 + stat.ino : 0;
  if (version === sharedVersion) return;
  sharedVersion = version;
  active = new Set(stat ? (JSON.parse(fs.readFileSync(sharedFile, "utf8")) as string[]) : []);
}

export class InjectedFault extends Error {
  constructor(name: string) {
    super(`Injected fault: ${name}`);
  }
}

/** Whether a test has switched `name` on (never while the hooks are off). */
export function faultIsOn(name: FaultName): boolean {
  if (!testHooksEnabled()) return false;
  refresh();
  return active.has(name);
}

export function maybeFail(name: FaultName): void {
  if (faultIsOn(name)) throw new InjectedFault(name);
}
