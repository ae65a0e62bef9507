import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_initial";
import * as m0002 from "./migrations/0002_rate_limits";
import * as m0003 from "./migrations/0003_media";
import * as m0004 from "./migrations/0004_views";
import * as m0005 from "./migrations/0005_preroll";
import * as m0006 from "./migrations/0006_auth";
import * as m0007 from "./migrations/0007_community";
import * as m0008 from "./migrations/0008_account";
import * as m0009 from "./migrations/0009_ad_units_live";
import * as m0011 from "./migrations/0011_console_videos";
import * as m0013 from "./migrations/0013_console_moderation";
import * as m0014 from "./migrations/0014_title_search";
import * as m0016 from "./migrations/0016_view_allowances";
import * as m0017 from "./migrations/0017_reports";
import * as m0018 from "./migrations/0018_takedowns";
import * as m0019 from "./migrations/0019_age_assurance";
import * as m0020 from "./migrations/0020_sort_indexes";
import * as m0021 from "./migrations/0021_co_views";
import * as m0022 from "./migrations/0022_chapters";
import * as m0023 from "./migrations/0023_captions";
import * as m0024 from "./migrations/0024_playlists";
import * as m0025 from "./migrations/0025_autoplay";
import * as m0026 from "./migrations/0026_moderation_budget";
import * as m0027 from "./migrations/0027_duration_bounds";
import * as m0028 from "./migrations/0028_takedown_due_default";
import * as m0029 from "./migrations/0029_languages";
import * as m0030 from "./migrations/0030_content_translations";
import * as m0031 from "./migrations/0031_blog_translations";
import * as m0032 from "./migrations/0032_caption_style";

/** Migrations are imported statically so they ship inside the server bundle. Append, never edit. */
const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_rate_limits": m0002,
  "0003_media": m0003,
  "0004_views": m0004,
  "0005_preroll": m0005,
  "0006_auth": m0006,
  "0007_community": m0007,
  "0008_account": m0008,
  "0009_ad_units_live": m0009,
  "0011_console_videos": m0011,
  "0013_console_moderation": m0013,
  "0014_title_search": m0014,
  "0016_view_allowances": m0016,
  "0017_reports": m0017,
  "0018_takedowns": m0018,
  "0019_age_assurance": m0019,
  "0020_sort_indexes": m0020,
  "0021_co_views": m0021,
  "0022_chapters": m0022,
  "0023_captions": m0023,
  "0024_playlists": m0024,
  "0025_autoplay": m0025,
  "0026_moderation_budget": m0026,
  "0027_duration_bounds": m0027,
  "0028_takedown_due_default": m0028,
  "0029_languages": m0029,
  "0030_content_translations": m0030,
  "0031_blog_translations": m0031,
  "0032_caption_style": m0032,
};

/** Every migration's name, in order. */
export const MIGRATION_NAMES = Object.keys(migrations).sort();

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations. Kysely's migrator takes a row lock, so concurrent starts are safe. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return migrateWith(db, provider);
}

/**
 * Applies exactly the named migrations (a restore recreates the schema its backup was taken at, loads the data,
 * then brings it up to date with migrateToLatest). A name this release does not have is an error.
 */
export async function migrateToLevel(db: Kysely<any>, names: readonly string[]): Promise<string[]> {
  const unknown = names.filter((name) => !(name in migrations));
  if (unknown.length) throw new Error(`unknown migrations: ${unknown.join(", ")}`);
  const chosen = Object.fromEntries(names.map((name) => [name, migrations[name]!]));
  return migrateWith(db, { getMigrations: async () => chosen });
}

async function migrateWith(db: Kysely<any>, from: MigrationProvider): Promise<string[]> {
  // Numbers are handed out to parallel branches (0003-0005 and 0006 landed in either order), so a database
  // that already has a later one still takes an earlier newcomer; each migration stands alone.
  const migrator = new Migrator({ db, provider: from, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
