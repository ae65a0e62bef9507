import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withFileLock } from "./file-lock";

describe("withFileLock", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));

  it("serialises concurrent holders", async () => {
    const lock = path.join(dir, "a.lock");
    const events: string[] = [];
    const job = (name: string) =>
      withFileLock(lock, async () => {
        events.push(`${name}:start`);
        await new Promise((r) => setTimeout(r, 50));
        events.push(`${name}:end`);
      });
    await Promise.all([job("one"), job("two")]);
    expect(events).toHaveLength(4);
    expect(events[0]?.split(":")[0]).toBe(events[1]?.split(":")[0]);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("takes over a lock left by a dead process and releases on error", async () => {
    const lock = path.join(dir, "b.lock");
    fs.writeFileSync(lock, "999999999");
    await expect(withFileLock(lock, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(fs.existsSync(lock)).toBe(false);
  });
});
