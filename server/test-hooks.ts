/**
 * Fault switches that only tests can turn on (ENABLE_TEST_HOOKS=1), so error states are provoked for real
 * through the same code paths a failing database would take.
 */
const active = new Set<string>();

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
  | "contact.submit";

export function testHooksEnabled(): boolean {
  return process.env.ENABLE_TEST_HOOKS === "1";
}

export function setFaults(names: string[]): void {
  active.clear();
  for (const n of names) active.add(n);
}

export function activeFaults(): string[] {
  return [...active];
}

export class InjectedFault extends Error {
  constructor(name: string) {
    super(`Injected fault: ${name}`);
  }
}

export function maybeFail(name: FaultName): void {
  if (active.size && testHooksEnabled() && active.has(name)) throw new InjectedFault(name);
}
