import { type Kysely, sql } from "kysely";
import type { DurationBounds } from "../../core/listing-order";
import type { Database } from "../db/schema";

/**
 * The duration filter's bounds in the database (docs/operations.md "Duration filter"). The app's start writes
 * the operator's setting to the one row the videos' trigger reads (migration 0027) and, when it changed,
 * re-buckets every video in the same transaction, so a listing never filters with one bound and labels with
 * another for longer than a start takes. Under an advisory lock: instances starting together with the same
 * setting do the work once.
 */
const LOCK_KEY = 0x6475_7261; // "dura"

/** Whether the stored bounds changed (and the videos were re-bucketed). */
export async function applyDurationBounds(db: Kysely<Database>, bounds: DurationBounds): Promise<{ changed: boolean; rebucketed: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const stored = await trx.selectFrom("listing_duration_bounds").select(["short_under", "long_over"]).executeTakeFirstOrThrow();
    if (stored.short_under === bounds.shortUnder && stored.long_over === bounds.longOver) return { changed: false, rebucketed: 0 };
    await trx.updateTable("listing_duration_bounds").set({ short_under: bounds.shortUnder, long_over: bounds.longOver }).execute();
    // Only the rows whose bucket moves are written: each write touches every index of videos.
    const moved = await sql`UPDATE videos SET duration_bucket = video_duration_bucket(duration)
      WHERE duration_bucket IS DISTINCT FROM video_duration_bucket(duration)`.execute(trx);
    return { changed: true, rebucketed: Number(moved.numAffectedRows ?? 0) };
  });
}

/** The bounds the database buckets by (what a test or a report compares the setting with). */
export async function storedDurationBounds(db: Kysely<Database>): Promise<DurationBounds> {
  const row = await db.selectFrom("listing_duration_bounds").select(["short_under", "long_over"]).executeTakeFirstOrThrow();
  return { shortUnder: row.short_under, longOver: row.long_over };
}
