import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { UserListEntry } from "../../core/console-rows";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";
import { type Actor, recordAdminAction } from "./audit-log";
import { escapeLike } from "./categories";

export type Role = "user" | "creator" | "admin";
export const ROLES: readonly Role[] = ["user", "creator", "admin"];

/**
 * Sets a user's role by e-mail (the operator's CLI and the test hooks); creators and admins moderate comments
 * (is_creator stays in sync for readers of the original's flag, docs/product.md "Roles"). The console goes through
 * `changeUserRole`, which keeps the last admin and records the change.
 */
export async function setUserRole(email: string, role: Role) {
  return getDb()
    .updateTable("users")
    .set({ role, is_creator: role !== "user" })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .returning(["id", "email", "role"])
    .executeTakeFirst();
}

/** The account an address belongs to (compared as the sign-in form gives it: trimmed, lower-cased), if any. */
export function findUserByEmail(email: string) {
  return getDb()
    .selectFrom("users")
    .select(["id", "email_verified"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
}

/** The change would leave the site without an admin. */
export class LastAdminError extends Error {
  constructor() {
    super("This is the last admin: make someone else an admin first.");
    this.name = "LastAdminError";
  }
}

export class UserNotFoundError extends Error {
  constructor(id: string) {
    super(`No user with id ${id}`);
    this.name = "UserNotFoundError";
  }
}

/** Any fixed number: the transaction-scoped advisory lock every change that can remove an admin takes. */
const ADMIN_SET_LOCK = 0x61646d6e; // "admn"

/**
 * Serializes every change that can take away an admin (demotion, account deletion): two concurrent ones
 * each see the other's committed result, so they cannot both remove "one of the two last" admins. Held
 * until the transaction ends. Throws LastAdminError when `userId` is the only admin left.
 */
export async function assertNotLastAdmin(trx: Transaction<Database> | Kysely<Database>, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ADMIN_SET_LOCK})`.execute(trx);
  const others = await trx
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("role", "=", "admin")
    .where("id", "<>", userId)
    .executeTakeFirstOrThrow();
  if (Number(others.n) === 0) throw new LastAdminError();
}

export interface RoleChange {
  id: string;
  email: string | null;
  role: Role;
  changed: boolean;
}

/**
 * The console's role change: the last admin cannot be demoted (checked under the admin lock, in the same
 * transaction as the change and its `user.role` audit record). Setting the role a user already has
 * changes and records nothing.
 */
export async function changeUserRole(userId: string, role: Role, actor: Actor): Promise<RoleChange> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // The row lock makes a concurrent change of the same user wait and then see this one's result.
      const before = await trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!before) throw new UserNotFoundError(userId);
      if (before.role === role) return { id: before.id, email: before.email, role, changed: false };
      if (before.role === "admin") await assertNotLastAdmin(trx, userId);
      await trx
        .updateTable("users")
        .set({ role, is_creator: role !== "user", updated_at: sql<Date>`now()` })
        .where("id", "=", userId)
        .execute();
      await recordAdminAction(trx, {
        actor,
        action: "user.role",
        target: before.email ?? before.id,
        before: { role: before.role },
        after: { role },
      });
      return { id: before.id, email: before.email, role, changed: true };
    });
}

/** Users whose e-mail contains `email` (any case), newest first, one page at a time, with the total. */
export async function searchUsers(opts: {
  email?: string;
  page: number;
  perPage: number;
}): Promise<{ users: UserListEntry[]; total: number }> {
  const needle = opts.email?.trim().toLowerCase() ?? "";
  let base = getDb().selectFrom("users");
  if (needle) base = base.where(sql<string>`lower(email)`, "like", `%${escapeLike(needle)}%`);
  const [rows, count] = await Promise.all([
    base
      .select(["id", "email", "full_name", "role", "created_at", "banned_at", "ban_reason"])
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(opts.perPage)
      .offset((Math.max(opts.page, 1) - 1) * opts.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.full_name,
      role: r.role,
      createdAt: r.created_at,
      ban: r.banned_at ? { at: r.banned_at, reason: r.ban_reason ?? "" } : null,
    })),
    total: Number(count.n),
  };
}
