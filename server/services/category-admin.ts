import { sql, type Transaction } from "kysely";
import { categoryNameSchema } from "../../core/category-schema";
import type { AdminCategory } from "../../core/console-rows";
import { ContentSafetyError, findMinorSuggestingTerm } from "../../core/content-safety";
import { slugify } from "../../core/slug";
import { getDb } from "../db/connection";
import type { Database } from "../db/schema";
import { type Actor, recordAdminAction } from "./audit-log";
import { invalidateCategoryLists } from "./categories";
import { invalidateVideoListCaches } from "./videos";

/**
 * The console's categories (issue 11): list with video counts, create, rename, delete (only when empty, or
 * after moving its videos to another category in the same transaction). Names follow
 * app/lib/category-schema.ts, are unique case-insensitively (as `categories_name_lower_idx` and the unique
 * slug enforce) and pass the content policy (docs/product.md "Content policy"). Every change is audited in its transaction
 * and drops the public category and list caches in every process.
 */

/** A refusal to show next to a form field. */
export class CategoryFieldError extends Error {
  constructor(
    readonly field: "name" | "moveTo",
    message: string,
  ) {
    super(message);
  }
}

export class CategoryNotFoundError extends Error {
  constructor() {
    super("This category no longer exists.");
  }
}

export async function listCategoriesWithCounts(): Promise<AdminCategory[]> {
  const rows = await getDb()
    .selectFrom("categories as c")
    .leftJoin("videos as v", "v.category_id", "c.id")
    .select([
      "c.id",
      "c.name",
      "c.slug",
      sql<number>`count(v.id)::int`.as("video_count"),
      sql<number>`count(v.id) FILTER (WHERE v.is_public)::int`.as("public_count"),
    ])
    .groupBy(["c.id", "c.name", "c.slug"])
    .orderBy(sql`lower(c.name)`)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, videoCount: r.video_count, publicCount: r.public_count }));
}

/** The name as it will be stored, or a CategoryFieldError saying what to change. */
function checkName(raw: string): string {
  const parsed = categoryNameSchema.safeParse(raw);
  if (!parsed.success) throw new CategoryFieldError("name", parsed.error.issues[0]?.message ?? "Invalid name");
  const term = findMinorSuggestingTerm(parsed.data);
  if (term !== null) throw new CategoryFieldError("name", new ContentSafetyError("name", term).message);
  return parsed.data;
}

const TAKEN = "A category with this name already exists";

async function assertNameFree(trx: Transaction<Database>, name: string, exceptId: string | null): Promise<void> {
  let query = trx
    .selectFrom("categories")
    .select("id")
    .where((eb) => eb.or([eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()), eb("slug", "=", slugify(name))]));
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) throw new CategoryFieldError("name", TAKEN);
}

/** Runs a write; a unique-index race (two admins, one name) is the same "taken" answer. */
async function write<T>(run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    const result = await getDb().transaction().execute(run);
    await Promise.all([invalidateCategoryLists(), invalidateVideoListCaches()]);
    return result;
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw new CategoryFieldError("name", TAKEN);
    throw err;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function createCategory(rawName: string, actor: Actor): Promise<{ id: string; name: string; slug: string }> {
  const name = checkName(rawName);
  return write(async (trx) => {
    await assertNameFree(trx, name, null);
    const row = await trx
      .insertInto("categories")
      .values({ name, slug: slugify(name) })
      .returning(["id", "name", "slug"])
      .executeTakeFirstOrThrow();
    await recordAdminAction(trx, {
      actor,
      action: "category.create",
      target: name,
      before: null,
      after: { id: row.id, name, slug: row.slug },
    });
    return row;
  });
}

/** Renames a category; its address follows the name (the old address then finds nothing, or a near match). */
export async function renameCategory(id: string, rawName: string, actor: Actor): Promise<{ id: string; name: string; slug: string }> {
  if (!UUID.test(id)) throw new CategoryNotFoundError();
  const name = checkName(rawName);
  return write(async (trx) => {
    const before = await trx.selectFrom("categories").select(["name", "slug"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) throw new CategoryNotFoundError();
    await assertNameFree(trx, name, id);
    const row = await trx
      .updateTable("categories")
      .set({ name, slug: slugify(name) })
      .where("id", "=", id)
      .returning(["id", "name", "slug"])
      .executeTakeFirstOrThrow();
    await recordAdminAction(trx, { actor, action: "category.rename", target: id, before, after: { name: row.name, slug: row.slug } });
    return row;
  });
}

/**
 * Deletes a category. One with videos is refused unless `moveTo` names another category: then its videos
 * (and uploads still queued for it) move there first, in the same transaction, so no video is ever left
 * without the category it had or half-moved.
 */
export async function deleteCategory(id: string, moveTo: string | null, actor: Actor): Promise<{ moved: number }> {
  if (!UUID.test(id)) throw new CategoryNotFoundError();
  if (moveTo !== null && !UUID.test(moveTo)) throw new CategoryFieldError("moveTo", "Choose a category to move the videos to");
  if (moveTo === id) throw new CategoryFieldError("moveTo", "Choose another category than the one you delete");
  return write(async (trx) => {
    const category = await trx.selectFrom("categories").select(["name", "slug"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!category) throw new CategoryNotFoundError();
    // Lock its videos so none joins or leaves between the count and the move.
    const videos = await trx.selectFrom("videos").select("id").where("category_id", "=", id).forUpdate().execute();
    let target: { name: string } | undefined;
    if (moveTo !== null) {
      target = await trx.selectFrom("categories").select("name").where("id", "=", moveTo).forShare().executeTakeFirst();
      if (!target) throw new CategoryFieldError("moveTo", "The category to move to no longer exists");
    } else if (videos.length > 0) {
      throw new CategoryFieldError(
        "moveTo",
        `This category has ${videos.length} video${videos.length === 1 ? "" : "s"}: choose where they go`,
      );
    }
    if (videos.length > 0) await trx.updateTable("videos").set({ category_id: moveTo }).where("category_id", "=", id).execute();
    // Queued uploads carry the category without a foreign key: they follow the videos (or lose it).
    await trx.updateTable("transcode_jobs").set({ category_id: moveTo }).where("category_id", "=", id).execute();
    await trx.deleteFrom("categories").where("id", "=", id).execute();
    await recordAdminAction(trx, {
      actor,
      action: "category.delete",
      target: id,
      before: { name: category.name, slug: category.slug, videos: videos.length },
      after: target ? { movedTo: { id: moveTo, name: target.name }, moved: videos.length } : null,
    });
    return { moved: videos.length };
  });
}
