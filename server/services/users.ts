import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export type Role = "user" | "creator" | "admin";

/** Sets a user's role; creators and admins moderate comments (is_creator stays in sync for SPEC.md readers). */
export async function setUserRole(db: Kysely<Database>, email: string, role: Role) {
  return db
    .updateTable("users")
    .set({ role, is_creator: role !== "user" })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .returning(["id", "email", "role"])
    .executeTakeFirst();
}
