import fs from "node:fs";
import path from "node:path";
import { dataDir } from "../../../server/env";
import { FAULTS } from "./fault-names.ts";

/**
 * Fault switches of the test build (docs/decisions/0018-test-build.md): a test turns them on through
 * `POST /__test/faults`, and the service calls the test build wraps (./services/*.ts, ./notifications.ts)
 * fail, so error states are provoked through the same code paths a failing database would take. None of
 * this exists in the production build: its services are the unwrapped modules.
 */
export { FAULTS };

export type FaultName = (typeof FAULTS)[number];

/**
 * The switches, kept in `file` so that every process of one test server (primary, web workers, jobs
 * worker) sees them: whichever worker serves the next request acts on the last switch.
 */
export class FaultSwitches {
  private active = new Set<string>();
  private version = -1;

  constructor(private readonly file: () => string) {}

  set(names: readonly FaultName[]): void {
    const file = this.file();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(names));
    fs.renameSync(`${file}.tmp`, file); // atomic: readers never see half a file
  }

  on(): string[] {
    this.refresh();
    return [...this.active];
  }

  isOn(name: FaultName): boolean {
    this.refresh();
    return this.active.has(name);
  }

  private refresh(): void {
    const file = this.file();
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const version = stat ? stat.mtimeMs * 1e3 + stat.ino : 0;
    if (version === this.version) return;
    this.version = version;
    this.active = new Set(stat ? (JSON.parse(fs.readFileSync(file, "utf8")) as string[]) : []);
  }
}

/** This server's switches, in its data directory (a fresh one per test server). */
export const faults = new FaultSwitches(() => path.join(dataDir(), "test-faults.json"));

export class InjectedFault extends Error {
  constructor(name: FaultName) {
    super(`Injected fault: ${name}`);
  }
}

/** `fn`, except that it rejects with InjectedFault, before doing anything, while `name` is on. */
export function failing<A extends unknown[], R>(name: FaultName, fn: (...args: A) => Promise<R>, switches = faults) {
  return async (...args: A): Promise<R> => {
    if (switches.isOn(name)) throw new InjectedFault(name);
    return fn(...args);
  };
}
