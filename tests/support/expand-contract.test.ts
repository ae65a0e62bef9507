import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkMigration, checkMigrations, describeFindings } from "./expand-contract";
import { currentMigrations, MIGRATIONS_DIR, migrationsAt, previousRelease } from "./releases";

/** A migration file as the project writes them (server/db/migrations), with `up` and `down` bodies. */
const migration = (up: string, down = "") => `import { type Kysely, sql } from "kysely";

/** What it does. */
export async function up(db: Kysely<unknown>): Promise<void> {
${up}
}

export async function down(db: Kysely<unknown>): Promise<void> {
${down}
}
`;
const statement = (text: string) => `  await sql\`${text}\`.execute(db);`;
const rules = (source: string, uniqueIndexes: string[] = []) =>
  checkMigration("0099_test", source, { uniqueIndexes: new Set(uniqueIndexes) }).map((f) => f.rule);

const previous = previousRelease();

describe("expand/contract guard (docs/decisions/0039-rolling-upgrade-drill.md)", () => {
  it.skipIf(!("commit" in previous))(
    "the migrations newer than the previous release keep it working (expand only, or reviewed contract steps)",
    () => {
      const commit = "commit" in previous ? previous.commit : "";
      const newer = currentMigrations().filter((m) => !migrationsAt(commit).includes(m));
      const findings = checkMigrations(path.resolve(MIGRATIONS_DIR), newer);
      expect(findings, `Migrations newer than ${commit.slice(0, 12)} that would break it:\n${describeFindings(findings)}`).toEqual([]);
    },
  );

  it("fails a migration that drops a column, and one that renames a column, naming file, line and statement", () => {
    const dropped = checkMigration("0099_drop", migration(statement("ALTER TABLE videos DROP COLUMN description")));
    expect(dropped).toEqual([
      {
        migration: "0099_drop",
        line: 5,
        rule: "drop-column",
        why: "drops a column the previous release may still read or write",
        statement: "ALTER TABLE videos DROP COLUMN description",
      },
    ]);
    expect(rules(migration(statement("ALTER TABLE videos RENAME COLUMN title TO name")))).toEqual(["rename"]);
    // The same through Kysely's schema builder.
    expect(rules(migration(`  await db.schema.alterTable("videos").dropColumn("description").execute();`))).toEqual(["drop-column"]);
    expect(rules(migration(`  await db.schema.alterTable("videos").renameColumn("title", "name").execute();`))).toEqual(["rename"]);
  });

  it.each([
    ["DROP TABLE favorites", "drop-table"],
    ["DROP FUNCTION soft_delete_comment(uuid, text)", "drop-function"],
    ["DROP TRIGGER ad_units_changed ON ad_units", "drop-trigger"],
    ["ALTER TABLE videos DROP description", "drop-column"],
    ["ALTER TABLE videos DROP COLUMN IF EXISTS description, ADD COLUMN summary text", "drop-column"],
    ["ALTER TABLE videos RENAME TO clips", "rename"],
    ["ALTER INDEX videos_public_upload_idx RENAME TO videos_recent_idx", "rename"],
    ["ALTER TABLE videos ALTER COLUMN views TYPE bigint", "column-type"],
    ["ALTER TABLE videos ALTER views SET DATA TYPE bigint", "column-type"],
    ["ALTER TABLE videos ALTER COLUMN description SET NOT NULL", "set-not-null"],
    ["ALTER TABLE videos ALTER COLUMN views DROP DEFAULT", "drop-default"],
    ["ALTER TABLE videos ADD COLUMN slug text NOT NULL", "add-not-null-column"],
    ["ALTER TABLE comments ADD CONSTRAINT comments_short CHECK (length(content) <= 500) NOT VALID", "add-constraint"],
    ["ALTER TABLE comments DROP CONSTRAINT comments_user_id_fkey", "drop-constraint"],
    ["CREATE UNIQUE INDEX videos_title_idx ON videos (title)", "add-unique-index"],
    ["ALTER TABLE videos SET SCHEMA archive", "set-schema"],
  ])("flags %s", (sql, rule) => {
    expect(rules(migration(statement(sql)))).toEqual([rule]);
  });

  it("flags dropping a unique index an earlier migration made (ON CONFLICT names it), not an ordinary one", () => {
    expect(rules(migration(statement("DROP INDEX IF EXISTS users_email_lower_idx")), ["users_email_lower_idx"])).toEqual([
      "drop-unique-index",
    ]);
    expect(rules(migration(statement("DROP INDEX IF EXISTS videos_public_views_idx")), ["users_email_lower_idx"])).toEqual([]);
  });

  it("passes expand steps: new tables (with their constraints), nullable or defaulted or generated columns, indexes, relaxed constraints", () => {
    const expand = migration(
      [
        statement(
          `CREATE TABLE shelves (id uuid PRIMARY KEY, user_id text NOT NULL REFERENCES users (id), title text NOT NULL CHECK (title <> ''))`,
        ),
        statement("ALTER TABLE shelves ADD CONSTRAINT shelves_title_short CHECK (length(title) <= 100)"),
        statement("CREATE UNIQUE INDEX shelves_user_title_idx ON shelves (user_id, title)"),
        statement(
          "ALTER TABLE videos ADD COLUMN summary text CHECK (length(summary) <= 500), ADD COLUMN featured boolean NOT NULL DEFAULT false",
        ),
        statement("ALTER TABLE videos ADD COLUMN title_words int GENERATED ALWAYS AS (length(title)) STORED NOT NULL"),
        statement("CREATE INDEX IF NOT EXISTS videos_featured_idx ON videos (upload_date) WHERE featured"),
        statement("ALTER TABLE comments ALTER COLUMN user_id DROP NOT NULL"),
        statement("DROP INDEX IF EXISTS videos_public_views_idx"),
        statement(
          "-- a comment in SQL saying ALTER TABLE videos DROP COLUMN title is no statement\n    UPDATE videos SET summary = '' -- DROP TABLE videos\n",
        ),
        `  await db.schema.createTable("racks").addColumn("id", "uuid", (c) => c.primaryKey()).addUniqueConstraint("racks_id", ["id"]).execute();`,
        `  await db.schema.alterTable("videos").addColumn("rack_id", "uuid").addColumn("rank", "integer", (c) => c.notNull().defaultTo(0)).execute();`,
      ].join("\n"),
      // down() undoes the expansion: it is for development and never checked.
      [statement("DROP TABLE shelves"), statement("ALTER TABLE videos DROP COLUMN summary")].join("\n"),
    );
    expect(describeFindings(checkMigration("0099_expand", expand))).toBe("");
  });

  it("passes a contract step carrying its reviewed comment, and only that step; a mark without a reason is not a review", () => {
    const reviewed = migration(
      [
        "  // contract step: the previous release (since 0098) no longer reads videos.legacy_url",
        statement("ALTER TABLE videos DROP COLUMN legacy_url"),
        statement("ALTER TABLE videos DROP COLUMN other_url"),
      ].join("\n"),
    );
    expect(rules(reviewed)).toEqual(["drop-column"]);
    const bare = migration(["  // contract step:", statement("ALTER TABLE videos DROP COLUMN legacy_url")].join("\n"));
    expect(rules(bare)).toEqual(["drop-column"]);
    // A comment over up() itself reviews nothing.
    const overUp = migration(statement("ALTER TABLE videos DROP COLUMN legacy_url")).replace(
      "/** What it does. */",
      "/** contract step: everything below was reviewed at once */",
    );
    expect(rules(overUp)).toEqual(["drop-column"]);
  });
});
