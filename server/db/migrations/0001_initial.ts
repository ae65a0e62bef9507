import { type Kysely, sql } from "kysely";

/** The schema of docs/product.md "Data", with constraints and one index per query listed there. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      email text UNIQUE,
      full_name text,
      avatar_url text,
      is_creator boolean NOT NULL DEFAULT false,
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'creator', 'admin')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE categories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'),
      views bigint NOT NULL DEFAULT 0 CHECK (views >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX categories_name_lower_idx ON categories (lower(name))`.execute(db);
  await sql`CREATE INDEX categories_views_idx ON categories (views DESC, name)`.execute(db);

  await sql`
    CREATE TABLE videos (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
      description text CHECK (length(description) <= 5000),
      views bigint NOT NULL DEFAULT 0 CHECK (views >= 0),
      likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
      upload_date timestamptz NOT NULL DEFAULT now(),
      duration integer NOT NULL DEFAULT 0 CHECK (duration >= 0),
      thumbnail_url text,
      poster_url text,
      video_url text,
      category_id uuid REFERENCES categories (id) ON DELETE SET NULL,
      is_public boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Video list (all / by category), newest first; the title is included so search's first pass is index-only.
  await sql`CREATE INDEX videos_public_upload_idx ON videos (upload_date DESC, id DESC) INCLUDE (title) WHERE is_public`.execute(db);
  await sql`CREATE INDEX videos_public_category_upload_idx ON videos (category_id, upload_date DESC, id DESC) WHERE is_public`.execute(db);
  // Trending and related (most viewed).
  await sql`CREATE INDEX videos_public_views_idx ON videos (views DESC, id) WHERE is_public`.execute(db);
  await sql`CREATE INDEX videos_public_category_views_idx ON videos (category_id, views DESC, id) WHERE is_public`.execute(db);
  // Title search: case-insensitive contains.
  await sql`CREATE INDEX videos_title_trgm_idx ON videos USING gin (title gin_trgm_ops) WHERE is_public`.execute(db);

  await sql`
    CREATE TABLE comments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      parent_id uuid REFERENCES comments (id) ON DELETE CASCADE,
      content text NOT NULL CHECK (length(btrim(content)) BETWEEN 1 AND 5000),
      created_at timestamptz NOT NULL DEFAULT now(),
      is_deleted boolean NOT NULL DEFAULT false,
      deleted_at timestamptz,
      CHECK (parent_id IS NULL OR parent_id <> id)
    )`.execute(db);
  await sql`CREATE INDEX comments_video_created_idx ON comments (video_id, created_at)`.execute(db);
  await sql`CREATE INDEX comments_parent_idx ON comments (parent_id) WHERE parent_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE video_likes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (video_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX video_likes_user_idx ON video_likes (user_id)`.execute(db);

  await sql`
    CREATE TABLE blog_posts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 300),
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'),
      excerpt text,
      content text NOT NULL,
      published boolean NOT NULL DEFAULT false,
      published_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      author text,
      tags text[] NOT NULL DEFAULT '{}',
      meta_title text,
      meta_description text,
      og_title text,
      og_description text,
      og_image_url text,
      twitter_card_title text,
      twitter_card_description text,
      twitter_card_image_url text,
      canonical_url text
    )`.execute(db);
  await sql`CREATE INDEX blog_posts_published_idx ON blog_posts (published_at DESC NULLS LAST, id) WHERE published`.execute(db);

  await sql`
    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 2 AND 200),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
      subject text NOT NULL CHECK (length(subject) BETWEEN 3 AND 300),
      message text NOT NULL CHECK (length(message) BETWEEN 10 AND 1000),
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE ad_units (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL UNIQUE,
      zone_id text NOT NULL,
      location text NOT NULL,
      is_active boolean NOT NULL DEFAULT false,
      duration integer NOT NULL DEFAULT 15 CHECK (duration > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["ad_units", "contact_messages", "blog_posts", "video_likes", "comments", "videos", "categories", "users"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
}
