import { sql } from "kysely";
import { getDb } from "../db/connection";
import { type Actor, recordAdminAction } from "./audit-log";

/**
 * A user's standing (issue 32, docs/trust-and-safety.md "Bans and standing"), decided here only.
 * - Banned: a moderator barred them (moderation-decisions.ts) until an admin lifts it (liftBan, the Users page).
 *   Every write that publishes or takes part (comments, likes, playlists) asks `banReason` (likes: `standingQuery`
 *   inside their one statement) and refuses with the moderator's reason; what stays theirs (their data, signing
 *   out, deleting their account or comments, legal requests) does not ask. The banned-user walk in
 *   tests/e2e/banned-user.spec.ts posts to every write route as a banned user.
 * - Good standing: an account old enough, never banned, and none of whose reports a moderator found unfounded.
 *   Its reports hide at once beyond the budget that bounds visitors and new accounts (report-budget.ts).
 */

/** The account age from which a reporter can be in good standing. */
export const GOOD_STANDING_MIN_AGE_DAYS = 14;

/** Why a user may not publish or take part, or null if they may. */
export async function banReason(userId: string): Promise<string | null> {
  const { rows } = await standingQuery(userId).execute(getDb());
  return rows[0]?.banned ? (rows[0].ban_reason ?? "") : null;
}

/**
 * The same question as part of a writer's own statement, where one round trip matters (services/likes.ts): one row,
 * `banned` and `ban_reason`, or none for an unknown user.
 */
export function standingQuery(userId: string) {
  return sql<{
    banned: boolean;
    ban_reason: string | null;
  }>`SELECT banned_at IS NOT NULL AS banned, ban_reason FROM users WHERE id = ${userId}`;
}

/**
 * Whether the user's reports count beyond the hiding budget: their account is GOOD_STANDING_MIN_AGE_DAYS old or
 * more, not banned, and no report of theirs ended with the item kept (dismissed or restored by a moderator).
 */
export async function inGoodStanding(userId: string): Promise<boolean> {
  const { rows } = await sql<{ good: boolean }>`
    SELECT (u.created_at <= now() - make_interval(days => ${GOOD_STANDING_MIN_AGE_DAYS}) AND u.banned_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM reports r WHERE r.reporter_user_id = u.id AND r.resolution IN ('dismissed', 'restored')
      )) AS good
    FROM users u WHERE u.id = ${userId}`.execute(getDb());
  return rows[0]?.good === true;
}

/** Lifts a ban (the Users page). */
export async function liftBan(userId: string, actor: Actor): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select(["banned_at", "ban_reason"])
        .where("id", "=", userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user?.banned_at) return;
      await trx.updateTable("users").set({ banned_at: null, ban_reason: null }).where("id", "=", userId).execute();
      await recordAdminAction(trx, {
        actor,
        action: "user.unban",
        target: userId,
        before: { banned: true, reason: user.ban_reason },
        after: { banned: false },
      });
    });
}
