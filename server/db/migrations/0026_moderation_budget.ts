import { type Kysely, sql } from "kysely";

/**
 * Moderation that cannot be turned against the site (issue 32, docs/trust-and-safety.md):
 * - Public playlists are reportable like videos and comments: a playlist can be held pending review and kept
 *   (reviewed) as they can, and a report may name one.
 * - The budget on automatic hiding (docs/decisions/0040-report-hiding-budget.md): each report says whether it hid
 *   its item at once (`auto_hide = 'hid'`) or would have but the budget was spent (`'over-budget'`), from which
 *   network it came (/24 or /48) and whether its reporter was in good standing; the budget is counted from these.
 * - Single-use form tokens (server/services/form-token.ts): the nonces of accepted submissions, kept until their tokens
 *   would have expired anyway.
 * Every statement adds (a table, nullable columns, columns with a default, indexes) or relaxes a constraint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE playlists ADD COLUMN IF NOT EXISTS held_at timestamptz, ADD COLUMN IF NOT EXISTS reviewed_at timestamptz`.execute(
    db,
  );
  // contract step: relaxes the check to a superset; no release writes anything the old one refused
  await sql`ALTER TABLE reports DROP CONSTRAINT IF EXISTS reports_target_type_check`.execute(db);
  // contract step: the wider check accepts every row and write of the previous release ('video', 'comment')
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('video', 'comment', 'playlist'))`.execute(
    db,
  );
  await sql`
    ALTER TABLE reports
      ADD COLUMN IF NOT EXISTS auto_hide text CHECK (auto_hide IN ('hid', 'over-budget')),
      ADD COLUMN IF NOT EXISTS reporter_network text,
      ADD COLUMN IF NOT EXISTS reporter_trusted boolean NOT NULL DEFAULT false`.execute(db);
  // The budget's counts: the last hour's hides and deferrals, site-wide and per network.
  await sql`CREATE INDEX IF NOT EXISTS reports_auto_hide_idx ON reports (created_at, reporter_network) WHERE auto_hide IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE IF NOT EXISTS form_token_uses (
      nonce text PRIMARY KEY CHECK (length(nonce) <= 64),
      purpose text NOT NULL CHECK (length(purpose) <= 32),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS form_token_uses_expiry_idx ON form_token_uses (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS form_token_uses`.execute(db);
  await sql`DROP INDEX IF EXISTS reports_auto_hide_idx`.execute(db);
  await sql`ALTER TABLE reports DROP COLUMN IF EXISTS auto_hide, DROP COLUMN IF EXISTS reporter_network, DROP COLUMN IF EXISTS reporter_trusted`.execute(
    db,
  );
  await sql`DELETE FROM reports WHERE target_type = 'playlist'`.execute(db);
  await sql`ALTER TABLE reports DROP CONSTRAINT IF EXISTS reports_target_type_check`.execute(db);
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('video', 'comment'))`.execute(db);
  await sql`ALTER TABLE playlists DROP COLUMN IF EXISTS held_at, DROP COLUMN IF EXISTS reviewed_at`.execute(db);
}
