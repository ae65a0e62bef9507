// The blog editor's fields, shared by the editor and its previews (SeoPreviews).

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
