// The blog editor's fields, shared by the editor and its previews (SeoPreviews).
import { toDateTimeLocal } from "~core/blog-post-schema";

/** A post as the editor holds it: every field as the text its input shows. */
export interface EditorPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  author: string;
  tags: string;
  meta_title: string;
  meta_description: string;
  og_title: string;
  og_description: string;
  og_image_url: string;
  twitter_card_title: string;
  twitter_card_description: string;
  twitter_card_image_url: string;
  canonical_url: string;
  published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export type Values = Omit<EditorPost, "id" | "published" | "published_at" | "created_at" | "updated_at"> & { published_at: string };
export type EditorField = keyof Values;

/** A new post's fields, all empty. */
export const EMPTY: Values = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  author: "",
  tags: "",
  meta_title: "",
  meta_description: "",
  og_title: "",
  og_description: "",
  og_image_url: "",
  twitter_card_title: "",
  twitter_card_description: "",
  twitter_card_image_url: "",
  canonical_url: "",
  published_at: "",
};

/** The fields a post starts the editor with (a new post: empty). */
export function initialValues(post: EditorPost | null): Values {
  if (!post) return EMPTY;
  const { id: _id, published: _p, created_at: _c, updated_at: _u, published_at, ...fields } = post;
  return { ...fields, published_at: toDateTimeLocal(published_at) };
}
