import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { auditLogPage, listAuditActions, listAuditEntries, recordAdminAction } from "./audit-log";

const { handle } = useTestDatabase();

async function record(actorEmail: string, action: string, target: string) {
  await recordAdminAction(handle().db, { actor: { id: "x", email: actorEmail }, action, target, before: { a: 1 }, after: { a: 2 } });
}

describe("audit log", () => {
  it("pages newest first and filters by action prefix and actor e-mail (substring, any case, literal)", async () => {
    await record("Alice@Example.com", "user.role", "u1");
    await record("bob@example.com", "ad_unit.toggle", "Billboard_1");
    await record("alice@example.com", "ad_unit.zone", "Billboard_2");
    await record("b_b@example.com", "user.role", "u2");
    await record("bob@example.com", "user.role", "u3");

    const all = await auditLogPage({}, 1, 2);
    expect(all.total).toBe(5);
    expect(all.entries.map((e) => e.target)).toEqual(["u3", "u2"]);
    expect((await auditLogPage({}, 3, 2)).entries.map((e) => e.target)).toEqual(["u1"]);
    expect((await auditLogPage({}, 9, 2)).entries).toEqual([]);

    const users = await auditLogPage({ actionPrefix: "user." }, 1, 10);
    expect(users.total).toBe(3);
    expect(users.entries.map((e) => e.target)).toEqual(["u3", "u2", "u1"]);
    expect((await auditLogPage({ actionPrefix: "ad_unit.zone" }, 1, 10)).entries.map((e) => e.target)).toEqual(["Billboard_2"]);

    expect((await auditLogPage({ actorEmail: " ALICE " }, 1, 10)).entries.map((e) => e.target)).toEqual(["Billboard_2", "u1"]);
    expect((await auditLogPage({ actorEmail: "b_b" }, 1, 10)).entries.map((e) => e.target)).toEqual(["u2"]);
    expect((await auditLogPage({ actorEmail: "%" }, 1, 10)).total).toBe(0);
    expect((await auditLogPage({ actionPrefix: "_" }, 1, 10)).total).toBe(0);
    const both = await auditLogPage({ actionPrefix: "user.", actorEmail: "bob" }, 1, 10);
    expect(both.entries.map((e) => [e.actorEmail, e.target, e.before, e.after])).toEqual([["bob@example.com", "u3", { a: 1 }, { a: 2 }]]);

    expect(await listAuditActions()).toEqual(["ad_unit.toggle", "ad_unit.zone", "user.role"]);
    expect((await listAuditEntries({ limit: 1, offset: 1 })).map((e) => e.target)).toEqual(["u2"]);
  });
});
