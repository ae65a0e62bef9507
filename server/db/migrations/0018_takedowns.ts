import { type Kysely, sql } from "kysely";

/**
 * Takedown requests, removals, fingerprints, appeals and upload attestations (issue 22, items 3 and 6).
 *
 * - `videos.removed_at` / `removed_reason`: a removed video stays as a row (its takedown, appeal and audit
 *   entries point at it) but is never public again; `uploaded_by` names the admin who uploaded it (NULL for
 *   demo and CLI videos), the one who may appeal. `source_sha256` is the source file's hash, taken at ingest:
 *   the source itself is deleted when its transcode ends, so this is the only way to fingerprint it later.
 * - `media_fingerprints`: SHA-256 of every file of a removed video (source, renditions, poster, stills);
 *   ingest and the transcode refuse a file whose hash is listed.
 * - `takedown_requests`: the public form's requests, each on a 48-hour clock (`due_at`); `overdue_notified_at`
 *   makes the admins' overdue e-mail go out once per request, whatever the number of job runners.
 * - `takedown_appeals`: at most one per removed video (the primary key), decided by an admin other than
 *   the one who removed it (enforced by the service, and by a CHECK as a last line).
 * - `video_attestations`: what the uploader agreed to (the text itself, and its version) when publishing.
 *
 * Nothing here references `videos` by a foreign key: the demo seed TRUNCATEs videos, and a takedown's record
 * must outlive the video it named (a video deleted in the console keeps its request, its fingerprints).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE videos
      ADD COLUMN uploaded_by text REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN removed_at timestamptz,
      ADD COLUMN removed_reason text CHECK (length(removed_reason) <= 2000),
      ADD COLUMN removed_by text REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN source_sha256 text CHECK (source_sha256 ~ '^[0-9a-f]{64}$')`.execute(db);
  await sql`
    ALTER TABLE transcode_jobs
      ADD COLUMN uploaded_by text REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN source_sha256 text CHECK (source_sha256 ~ '^[0-9a-f]{64}$')`.execute(db);
  await sql`
    CREATE TABLE media_fingerprints (
      sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      video_id uuid NOT NULL,
      what text NOT NULL CHECK (length(what) <= 300),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE takedown_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reference text NOT NULL UNIQUE CHECK (reference ~ '^TD-[0-9A-Z]{4}-[0-9A-Z]{4}$'),
      kind text NOT NULL CHECK (kind IN ('non-consensual', 'copyright')),
      name text NOT NULL CHECK (length(name) BETWEEN 2 AND 200),
      email text NOT NULL CHECK (length(email) <= 320),
      urls text NOT NULL CHECK (length(urls) <= 5000),
      description text NOT NULL CHECK (length(description) <= 5000),
      signature text NOT NULL CHECK (length(signature) BETWEEN 2 AND 200),
      video_id uuid,
      ip_address text,
      user_agent text,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'removed', 'rejected')),
      created_at timestamptz NOT NULL DEFAULT now(),
      due_at timestamptz NOT NULL DEFAULT now() + interval '48 hours',
      resolved_at timestamptz,
      outcome text CHECK (length(outcome) <= 2000),
      resolved_by text REFERENCES users (id) ON DELETE SET NULL,
      overdue_notified_at timestamptz
    )`.execute(db);
  // The queue: open requests by due time; the overdue check looks at the same index.
  await sql`CREATE INDEX takedown_requests_open_idx ON takedown_requests (due_at) WHERE status = 'open'`.execute(db);
  await sql`
    CREATE TABLE takedown_appeals (
      video_id uuid PRIMARY KEY,
      appellant_id text REFERENCES users (id) ON DELETE SET NULL,
      statement text NOT NULL CHECK (length(statement) BETWEEN 10 AND 5000),
      removed_by text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'reversed')),
      decided_by text REFERENCES users (id) ON DELETE SET NULL,
      decided_at timestamptz,
      decision_note text CHECK (length(decision_note) <= 2000),
      CHECK (decided_by IS NULL OR (decided_by IS DISTINCT FROM removed_by AND decided_by IS DISTINCT FROM appellant_id))
    )`.execute(db);
  await sql`
    CREATE TABLE video_attestations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      video_id uuid NOT NULL,
      user_id text REFERENCES users (id) ON DELETE SET NULL,
      user_email text NOT NULL,
      text_version text NOT NULL,
      text text NOT NULL,
      note text CHECK (length(note) <= 2000),
      agreed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX video_attestations_video_idx ON video_attestations (video_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS video_attestations, takedown_appeals, takedown_requests, media_fingerprints`.execute(db);
  await sql`ALTER TABLE transcode_jobs DROP COLUMN IF EXISTS uploaded_by, DROP COLUMN IF EXISTS source_sha256`.execute(db);
  await sql`ALTER TABLE videos DROP COLUMN IF EXISTS uploaded_by, DROP COLUMN IF EXISTS removed_at, DROP COLUMN IF EXISTS removed_reason,
    DROP COLUMN IF EXISTS removed_by, DROP COLUMN IF EXISTS source_sha256`.execute(db);
}
