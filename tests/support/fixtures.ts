import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { PostSeo } from "../../app/components/blog/seo";
import { slugify } from "../../core/slug";
import type { Database } from "../../server/db/schema";
import type { BlogPostFields } from "../../server/services/blog-console";

let counter = 0;

export async function insertCategory(db: Kysely<Database>, name: string, views = 0) {
  const slug = slugify(name);
  return db.insertInto("categories").values({ name, slug, views }).returning(["id", "name", "slug"]).executeTakeFirstOrThrow();
}

export async function insertVideo(
  db: Kysely<Database>,
  values: Partial<{
    title: string;
    category_id: string | null;
    is_public: boolean;
    views: number;
    upload_date: Date;
    duration: number;
  }> = {},
) {
  counter += 1;
  return db
    .insertInto("videos")
    .values({
      title: values.title ?? `Video ${counter}`,
      category_id: values.category_id ?? null,
      is_public: values.is_public ?? true,
      views: values.views ?? 0,
      upload_date: values.upload_date ?? new Date(Date.UTC(2026, 0, 1) + counter * 60_000),
      duration: values.duration ?? 60,
    })
    .returning(["id", "title"])
    .executeTakeFirstOrThrow();
}

/** A users row with a role (creators and admins moderate, so is_creator follows the role as the CHECK wants). */
/** A user with a fresh id (`<tag>-<12 hex>`) and the e-mail `<id>@example.com`; returns the id. */
export async function insertNewUser(db: Kysely<Database>, tag: string): Promise<string> {
  const id = `${tag}-${crypto.randomBytes(6).toString("hex")}`;
  await insertUser(db, { id, email: `${id}@example.com` });
  return id;
}

export async function insertUser(db: Kysely<Database>, user: { id: string; email: string; role?: "user" | "creator" | "admin" }) {
  const role = user.role ?? "user";
  await db
    .insertInto("users")
    .values({ id: user.id, email: user.email, role, is_creator: role !== "user" })
    .execute();
  return { id: user.id, email: user.email };
}

/** A blog post without texts, image or address of its own for sharing (the site's defaults apply). */
const NO_SHARING_TEXTS = {
  og_title: null,
  og_description: null,
  og_image_url: null,
  twitter_card_title: null,
  twitter_card_description: null,
  twitter_card_image_url: null,
  canonical_url: null,
} as const;

/** An English blog post's fields for createBlogPost / saveBlogPost: texts made from the slug, the rest empty. */
export function blogPostFields(slug: string, extra: Partial<BlogPostFields> = {}): BlogPostFields {
  return {
    title: `Title of ${slug}`,
    slug,
    excerpt: `Excerpt of ${slug}`,
    content: `## ${slug}\n\nThe body of ${slug}.`,
    author: "Editor",
    tags: ["news"],
    meta_title: null,
    meta_description: null,
    ...NO_SHARING_TEXTS,
    published_at: null,
    ...extra,
  };
}

/** A published post as the blog's page and its meta read it (app/components/blog/seo.ts), English, no SEO texts of its own. */
export function postSeo(extra: Partial<PostSeo> = {}): PostSeo {
  return {
    title: "A Post",
    slug: "a-post",
    author: "Mara Quill",
    tags: ["ai", "ethics"],
    published_at: "2026-01-02T10:00:00.000Z",
    created_at: "2026-01-01T10:00:00.000Z",
    updated_at: "2026-01-03T10:00:00.000Z",
    description: "The description.",
    meta_title: null,
    ...NO_SHARING_TEXTS,
    ...extra,
  };
}
