import { sql } from "kysely";
import type { InboxMessage } from "../../core/console-rows";
import { getDb } from "../db/connection";
import { type Actor, recordAdminAction } from "./audit-log";
import { escapeLike } from "./categories";

/**
 * The console's contact inbox (issue 11): messages newest first, read state (`read_at`, 0013), search,
 * delete. Marking read or unread is recorded (`contact.read` / `contact.unread`) only when an admin clicks
 * the button; the automatic "opened, so read" is not, as it would log every glance at the inbox.
 */

export const MESSAGES_PER_PAGE = 20;
const SEARCH_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ContactMessageNotFoundError extends Error {
  constructor() {
    super("This message no longer exists.");
  }
}

const COLUMNS = ["id", "name", "email", "subject", "message", "created_at", "read_at"] as const;

function toInboxMessage(r: {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
  read_at: Date | null;
}): InboxMessage {
  return { id: r.id, name: r.name, email: r.email, subject: r.subject, message: r.message, createdAt: r.created_at, readAt: r.read_at };
}

/** One page (1-based) of messages, newest first; `search` matches name, e-mail, subject or text. */
export async function listContactMessages(opts: { search?: string; page: number }): Promise<{ messages: InboxMessage[]; total: number }> {
  let query = getDb().selectFrom("contact_messages");
  const search = opts.search?.trim().slice(0, SEARCH_MAX);
  if (search) {
    const like = `%${escapeLike(search)}%`;
    query = query.where((eb) =>
      eb.or([eb("name", "ilike", like), eb("email", "ilike", like), eb("subject", "ilike", like), eb("message", "ilike", like)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(MESSAGES_PER_PAGE)
      .offset((Math.max(1, opts.page) - 1) * MESSAGES_PER_PAGE)
      .execute(),
    query.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { messages: rows.map(toInboxMessage), total: count.n };
}

/** For the dashboard: messages nobody has read yet. */
export async function countUnreadContactMessages(): Promise<number> {
  const row = await getDb()
    .selectFrom("contact_messages")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Opens a message: returns it and marks it read (keeping an earlier read time). Not audited (see above). */
export async function openContactMessage(id: string): Promise<InboxMessage> {
  if (!UUID.test(id)) throw new ContactMessageNotFoundError();
  const row = await getDb()
    .updateTable("contact_messages")
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw new ContactMessageNotFoundError();
  return toInboxMessage(row);
}

/** Marks a message read or unread by hand; recorded as `contact.read` or `contact.unread`. */
export async function setContactMessageRead(id: string, read: boolean, actor: Actor): Promise<void> {
  if (!UUID.test(id)) throw new ContactMessageNotFoundError();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("contact_messages").select(["read_at"]).where("id", "=", id).forUpdate().executeTakeFirst();
      if (!before) throw new ContactMessageNotFoundError();
      const after = await trx
        .updateTable("contact_messages")
        .set({ read_at: read ? sql`coalesce(read_at, now())` : null })
        .where("id", "=", id)
        .returning(["read_at"])
        .executeTakeFirstOrThrow();
      await recordAdminAction(trx, {
        actor,
        action: read ? "contact.read" : "contact.unread",
        target: id,
        before: { readAt: before.read_at },
        after: { readAt: after.read_at },
      });
    });
}

/**
 * Deletes a message for good. The audit entry keeps only when it came and whether it had been read: a
 * deletion may be someone asking for their data to go, so nothing they wrote stays behind.
 */
export async function deleteContactMessage(id: string, actor: Actor): Promise<void> {
  if (!UUID.test(id)) throw new ContactMessageNotFoundError();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const gone = await trx.deleteFrom("contact_messages").where("id", "=", id).returning(["created_at", "read_at"]).executeTakeFirst();
      if (!gone) throw new ContactMessageNotFoundError();
      await recordAdminAction(trx, {
        actor,
        action: "contact.delete",
        target: id,
        before: { createdAt: gone.created_at, read: gone.read_at !== null },
        after: null,
      });
    });
}
