import { type Kysely, sql } from "kysely";

/**
 * Accounts (better-auth, docs/decisions/0010-auth.md). better-auth's `user` model is the original's `users`
 * table (docs/product.md "Data") (mapped field by field in server/auth/auth.ts); its session, account and verification models get
 * their own tables here, in snake_case, so the app issues no DDL at run time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Columns better-auth's user model needs beside the original's (docs/product.md "Data").
  await sql`ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  // is_creator is what readers of the original's flag see (docs/product.md "Roles"); role is what the console sets.
  // Keep them from disagreeing: rows imported with is_creator true become creators, then the database refuses any mismatch.
  await sql`UPDATE users SET role = 'creator' WHERE is_creator AND role = 'user'`.execute(db);
  await sql`UPDATE users SET is_creator = (role <> 'user') WHERE is_creator <> (role <> 'user')`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_is_creator_matches_role CHECK (is_creator = (role <> 'user'))`.execute(db);
  // better-auth looks users up by lower-cased e-mail; one account per address whatever its case.
  await sql`CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email))`.execute(db);

  await sql`
    CREATE TABLE auth_sessions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id)`.execute(db);

  // One row per sign-in method of a user (Google subject, or the e-mail code method).
  await sql`
    CREATE TABLE auth_accounts (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      account_id text NOT NULL,
      provider_id text NOT NULL,
      access_token text,
      refresh_token text,
      id_token text,
      access_token_expires_at timestamptz,
      refresh_token_expires_at timestamptz,
      scope text,
      password text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider_id, account_id)
    )`.execute(db);
  await sql`CREATE INDEX auth_accounts_user_idx ON auth_accounts (user_id)`.execute(db);

  // One-time codes and OAuth state, each with its expiry.
  await sql`
    CREATE TABLE auth_verifications (
      id text PRIMARY KEY,
      identifier text NOT NULL,
      value text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_verifications_identifier_idx ON auth_verifications (identifier)`.execute(db);
  await sql`CREATE INDEX auth_verifications_expires_idx ON auth_verifications (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["auth_verifications", "auth_accounts", "auth_sessions"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS users_email_lower_idx`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_is_creator_matches_role`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS updated_at, DROP COLUMN IF EXISTS email_verified`.execute(db);
}
