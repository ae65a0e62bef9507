import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FAULTS, FaultSwitches, failing, InjectedFault } from "./faults";
import { TEST_ENTRY, TEST_REPLACEMENTS } from "./replacements";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("fault switches", () => {
  it("are shared through their file: another process's switch is seen at the next check", () => {
    const file = path.join(dir, "shared.json");
    const [primary, worker] = [new FaultSwitches(() => file), new FaultSwitches(() => file)];
    expect(worker.on()).toEqual([]);
    primary.set(["videos.list", "blog.post"]);
    expect(worker.isOn("videos.list")).toBe(true);
    expect(worker.isOn("videos.detail")).toBe(false);
    primary.set([]);
    expect(worker.on()).toEqual([]);
  });

  it("make a wrapped call reject before it runs, only while its own switch is on", async () => {
    const switches = new FaultSwitches(() => path.join(dir, "wrapped.json"));
    let calls = 0;
    const list = failing("videos.list", async (page: number) => ++calls + page, switches);
    expect(await list(10)).toBe(11);
    switches.set(["videos.list"]);
    await expect(list(10)).rejects.toThrow(new InjectedFault("videos.list"));
    expect(calls).toBe(1);
    switches.set(["videos.detail"]);
    expect(await list(10)).toBe(12);
  });
});

describe("the test build's module table", () => {
  it.each(Object.entries(TEST_REPLACEMENTS))("%s → %s exports everything the original does", async (original, replacement) => {
    const load = (file: string) => import(/* @vite-ignore */ path.resolve(file));
    const [real, test] = await Promise.all([load(original), load(replacement)]);
    expect(Object.keys(test).sort()).toEqual(Object.keys(real).sort());
  });

  it("wraps a service function for every fault switch but the notification one (notifications.ts)", async () => {
    const sources = Object.values(TEST_REPLACEMENTS)
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    for (const name of FAULTS) expect(sources, name).toContain(`"${name}"`);
    expect(fs.existsSync(TEST_ENTRY)).toBe(true);
  });
});
