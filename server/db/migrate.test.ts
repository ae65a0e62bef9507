import crypto from "node:crypto";
import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { withDatabase } from "../../tests/support/global-setup";
import { connect, ensureDatabase } from "./connection";
import { MIGRATION_NAMES, migrateToLatest } from "./migrate";

describe("migrations", () => {
  it("are safe when two processes start at once, and create the schema with its constraints", async () => {
    const adminUrl = inject("adminDatabaseUrl");
    const name = `m_${crypto.randomBytes(5).toString("hex")}`;
    // Both "processes" also race to create the database itself.
    await Promise.all([ensureDatabase(adminUrl, name), ensureDatabase(adminUrl, name)]);
    const a = connect(withDatabase(adminUrl, name), 2);
    const b = connect(withDatabase(adminUrl, name), 2);
    try {
      const [ra, rb] = await Promise.all([migrateToLatest(a.db), migrateToLatest(b.db)]);
      expect([...ra, ...rb].sort()).toEqual(MIGRATION_NAMES); // each applied exactly once
      const tables = await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(a.db);
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(["ad_units", "blog_posts", "categories", "comments", "contact_messages", "users", "video_likes", "videos"]),
      );
      await expect(sql`INSERT INTO videos (title, views) VALUES ('x', -1)`.execute(a.db)).rejects.toThrow(/check constraint/);
      await sql`INSERT INTO categories (name, slug) VALUES ('One', 'one')`.execute(a.db);
      await expect(sql`INSERT INTO categories (name, slug) VALUES ('Two', 'one')`.execute(a.db)).rejects.toThrow(/duplicate key/);
      await expect(sql`INSERT INTO videos (title, category_id) VALUES ('x', gen_random_uuid())`.execute(a.db)).rejects.toThrow(
        /foreign key/,
      );
      // The rate limiter's store, as rate-limiter-flexible defines it.
      const limits = await sql<{ column_name: string; data_type: string; is_nullable: string }>`
        SELECT column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_name = 'rate_limits' ORDER BY ordinal_position`.execute(a.db);
      expect(limits.rows).toEqual([
        { column_name: "key", data_type: "character varying", is_nullable: "NO" },
        { column_name: "points", data_type: "integer", is_nullable: "NO" },
        { column_name: "expire", data_type: "bigint", is_nullable: "YES" },
      ]);
      // Accounts (0006): is_creator (docs/product.md "Roles") cannot disagree with the role, one account per address.
      await expect(sql`INSERT INTO users (id, email, is_creator) VALUES ('u1', 'a@example.com', true)`.execute(a.db)).rejects.toThrow(
        /users_is_creator_matches_role/,
      );
      await sql`INSERT INTO users (id, email, role, is_creator) VALUES ('u2', 'b@example.com', 'admin', true)`.execute(a.db);
      await expect(sql`INSERT INTO users (id, email) VALUES ('u3', 'B@Example.com')`.execute(a.db)).rejects.toThrow(/duplicate key/);
      const trgm = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'videos_title_lower_trgm_idx'`.execute(
        a.db,
      );
      expect(trgm.rows[0]?.indexdef).toContain("gin_trgm_ops");
    } finally {
      await a.close();
      await b.close();
      const admin = connect(adminUrl, 1);
      await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  });
});
