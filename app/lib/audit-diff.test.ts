import { describe, expect, it } from "vitest";
import { auditChanges } from "./audit-diff";

describe("audit changes", () => {
  it("lists the keys that changed, before → after", () => {
    expect(auditChanges({ role: "admin", x: 1 }, { role: "user", x: 1 })).toEqual([{ key: "role", before: '"admin"', after: '"user"' }]);
    expect(auditChanges({ a: 1 }, { b: true })).toEqual([
      { key: "a", before: "1", after: "—" },
      { key: "b", before: "—", after: "true" },
    ]);
  });

  it("shows every key when nothing differs, and plain values as one line", () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([{ key: "a", before: "1", after: "1" }]);
    expect(auditChanges(null, "x")).toEqual([{ key: null, before: "null", after: '"x"' }]);
    expect(auditChanges(null, { on: true })).toEqual([{ key: "on", before: "—", after: "true" }]);
  });

  it("shortens long values", () => {
    const [line] = auditChanges({ t: "a".repeat(500) }, { t: "b" });
    expect(line?.before.length).toBe(160);
    expect(line?.before.endsWith("…")).toBe(true);
  });
});
