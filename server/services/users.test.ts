import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { deleteAccount } from "./account";
import { listAuditEntries } from "./audit-log";
import { changeUserRole, LastAdminError, searchUsers, UserNotFoundError } from "./users";

const { handle } = useTestDatabase();
const actor = { id: "actor", email: "actor@example.com" };

let counter = 0;
async function newUser(role: "user" | "creator" | "admin" = "user", email?: string) {
  counter += 1;
  const id = `role-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  await handle()
    .db.insertInto("users")
    .values({
      id,
      email: email ?? `${id}@example.com`,
      role,
      is_creator: role !== "user",
      created_at: new Date(Date.UTC(2026, 0, counter)),
    })
    .execute();
  return id;
}

async function roleOf(id: string) {
  return (await handle().db.selectFrom("users").select(["role", "is_creator"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Demotes every admin but `keep`, straight in the database (each test sets up its own admins). */
async function onlyAdmins(...keep: string[]) {
  let query = handle().db.updateTable("users").set({ role: "user", is_creator: false }).where("role", "=", "admin");
  if (keep.length) query = query.where("id", "not in", keep);
  await query.execute();
}

describe("role changes", () => {
  it("sets the role with is_creator kept in sync, records user.role with before and after, and skips no-ops", async () => {
    await newUser("admin"); // so the target is not the last admin when it steps down
    const id = await newUser("user", "Role.Target@Example.com");
    expect(await changeUserRole(id, "creator", actor)).toMatchObject({ id, role: "creator", changed: true });
    expect(await roleOf(id)).toEqual({ role: "creator", is_creator: true });
    expect(await changeUserRole(id, "admin", actor)).toMatchObject({ role: "admin", changed: true });
    expect(await roleOf(id)).toEqual({ role: "admin", is_creator: true });
    expect(await changeUserRole(id, "user", actor)).toMatchObject({ role: "user", changed: true });
    expect(await roleOf(id)).toEqual({ role: "user", is_creator: false });
    expect(await changeUserRole(id, "user", actor)).toMatchObject({ changed: false });

    const entries = await listAuditEntries({ actionPrefix: "user.role" });
    expect(entries.filter((e) => e.target === "Role.Target@Example.com").map((e) => [e.before, e.after])).toEqual([
      [{ role: "admin" }, { role: "user" }],
      [{ role: "creator" }, { role: "admin" }],
      [{ role: "user" }, { role: "creator" }],
    ]);
    expect(entries[0]).toMatchObject({ actorEmail: "actor@example.com", action: "user.role" });
  });

  it("an unknown user is an error and records nothing", async () => {
    const before = (await listAuditEntries()).length;
    await expect(changeUserRole("nobody", "admin", actor)).rejects.toBeInstanceOf(UserNotFoundError);
    expect((await listAuditEntries()).length).toBe(before);
  });

  it("the last admin cannot be demoted (to creator or user); with a second admin it can", async () => {
    const first = await newUser("admin");
    await onlyAdmins(first);
    const before = (await listAuditEntries()).length;
    await expect(changeUserRole(first, "user", actor)).rejects.toBeInstanceOf(LastAdminError);
    await expect(changeUserRole(first, "creator", actor)).rejects.toThrow("last admin");
    expect(await roleOf(first)).toEqual({ role: "admin", is_creator: true });
    expect((await listAuditEntries()).length).toBe(before);
    expect(await changeUserRole(first, "admin", actor)).toMatchObject({ changed: false }); // staying admin is fine

    const second = await newUser("admin");
    await changeUserRole(first, "creator", actor);
    expect(await roleOf(first)).toEqual({ role: "creator", is_creator: true });
    await expect(changeUserRole(second, "user", actor)).rejects.toBeInstanceOf(LastAdminError);
  });

  it("two concurrent demotions of the last two admins: exactly one succeeds", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await newUser("admin");
      const b = await newUser("admin");
      await onlyAdmins(a, b);
      const results = await Promise.allSettled([changeUserRole(a, "user", actor), changeUserRole(b, "creator", actor)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(LastAdminError);
      const admins = await handle().db.selectFrom("users").select("id").where("role", "=", "admin").execute();
      expect(admins).toHaveLength(1);
    }
  });

  it("a demotion racing the other admin's account deletion: one admin is always left", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await newUser("admin");
      const b = await newUser("admin");
      await onlyAdmins(a, b);
      const results = await Promise.allSettled([changeUserRole(a, "user", actor), deleteAccount(b)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await handle().db.selectFrom("users").select("id").where("role", "=", "admin").execute()).toHaveLength(1);
    }
  });

  it("the last admin cannot delete their account; once another admin exists they can", async () => {
    const only = await newUser("admin");
    await onlyAdmins(only);
    await expect(deleteAccount(only)).rejects.toBeInstanceOf(LastAdminError);
    expect(await roleOf(only)).not.toBeNull();
    await newUser("admin");
    expect(await deleteAccount(only)).toBe(true);
    expect(await roleOf(only)).toBeNull();
  });
});

describe("user search", () => {
  it("finds e-mail substrings in any case, literally, a page at a time with the total, newest first", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await newUser("user", `Search.Person${i}@Pages.example`));
    await newUser("user", "under_score%@pages.example");
    const page1 = await searchUsers({ email: "  search.PERSON ", page: 1, perPage: 2 });
    expect(page1.total).toBe(5);
    expect(page1.users.map((u) => u.email)).toEqual(["Search.Person4@Pages.example", "Search.Person3@Pages.example"]);
    const page3 = await searchUsers({ email: "search.person", page: 3, perPage: 2 });
    expect(page3.users.map((u) => u.id)).toEqual([ids[0]]);
    expect(page3.users[0]).toMatchObject({ role: "user", name: null });
    // LIKE wildcards match themselves only.
    expect((await searchUsers({ email: "_", page: 1, perPage: 50 })).users.map((u) => u.email)).toEqual(["under_score%@pages.example"]);
    expect((await searchUsers({ email: "%", page: 1, perPage: 50 })).total).toBe(1);
    expect((await searchUsers({ email: "no-such-address", page: 1, perPage: 50 })).total).toBe(0);
    expect((await searchUsers({ page: 1, perPage: 1 })).total).toBeGreaterThanOrEqual(6);
  });
});
