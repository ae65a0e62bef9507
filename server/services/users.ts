import { getDb } from "../db/connection";

export type Role = "user" | "creator" | "admin";

/** Sets a user's role; creators and admins moderate comments (is_creator stays in sync for SPEC.md readers). */
export async function setUserRole(email: string, role: Role) {
  return getDb()
    .updateTable("users")
    .set({ role, is_creator: role !== "user" })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .returning(["id", "email", "role"])
    .executeTakeFirst();
}
