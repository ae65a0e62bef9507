import { z } from "./zod";

/**
 * Category names as the console accepts them, checked in the browser and again by the server with this
 * same schema. A category lives at `/category/<slug>` and that page finds it by turning the slug back into
 * a name ("big-ass" → "Big Ass"), so a name may hold only what survives the round trip: letters, digits and
 * single spaces. Case-insensitive uniqueness and the content policy (docs/product.md "Content policy") are checked by the
 * server (server/services/category-admin.ts).
 */

export const CATEGORY_NAME_MIN = 2;
export const CATEGORY_NAME_MAX = 40;

export const categoryNameSchema = z
  .string()
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, "Enter a name")
      .min(CATEGORY_NAME_MIN, `The name must be at least ${CATEGORY_NAME_MIN} characters`)
      .max(CATEGORY_NAME_MAX, `The name must be at most ${CATEGORY_NAME_MAX} characters`)
      .regex(/^[A-Za-z0-9 ]+$/, "Use only letters A-Z, digits and spaces (the name is also the page address)"),
  );

const id = z.uuid("Unknown category");

/** A category's page in the console, `/admin/categories/<id>`. */
export const categoryParams = z.object({ categoryId: id });
/**
 * The forms only need the name to be a readable size; its rules (categoryNameSchema, then uniqueness and
 * policy) are applied by the service, so each refusal comes back as a message next to the field.
 */
const nameField = z.string().max(1000);

/** The console's forms, one per action (the `intent` field picks the schema). */
export const categoryForms = {
  create: z.object({ intent: z.literal("create"), name: nameField }),
  rename: z.object({ intent: z.literal("rename"), categoryId: id, name: nameField }),
  delete: z.object({
    intent: z.literal("delete"),
    categoryId: id,
    /** Where its videos go first; empty when the category has none. */
    moveTo: z.union([z.literal(""), id]).optional(),
  }),
} as const;
