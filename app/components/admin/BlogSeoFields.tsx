import { BLOG_EXCERPT_MAX } from "~core/blog-post-schema";
import { BlogEditorField, type FieldBinding } from "./BlogEditorField";
import type { EditorField, EditorPost, Values } from "./blog-editor-fields";
import { inputClass } from "./editor-styles";
import { SeoPreviews } from "./SeoPreviews";

/** The editor's "Search and sharing" fields (docs/product.md "Page metadata"), with the search and social previews. */
export function BlogSeoFields({
  values,
  errors,
  bind,
  siteUrl,
  post,
}: {
  values: Values;
  errors: Partial<Record<EditorField, string>>;
  bind: (field: EditorField) => FieldBinding;
  siteUrl: string;
  post: EditorPost | null;
}) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-ink-700 bg-ink-900/60 p-4">
      <legend className="px-1 text-lg font-bold">Search and sharing</legend>
      <BlogEditorField
        label="Excerpt"
        field="excerpt"
        error={errors.excerpt}
        hint={`Shown in the blog list and, unless a search description is set, as the description (${values.excerpt.length}/${BLOG_EXCERPT_MAX}).`}
      >
        <textarea {...bind("excerpt")} rows={3} className={inputClass} />
      </BlogEditorField>
      <div className="grid gap-4 sm:grid-cols-2">
        <BlogEditorField label="Tags" field="tags" error={errors.tags} hint="Separated by commas.">
          <input {...bind("tags")} className={inputClass} autoComplete="off" />
        </BlogEditorField>
        <BlogEditorField label="Author" field="author" error={errors.author} hint="Optional; shown in the byline.">
          <input {...bind("author")} className={inputClass} autoComplete="off" />
        </BlogEditorField>
        <BlogEditorField
          label="Publication date (UTC)"
          field="published_at"
          error={errors.published_at}
          hint="Optional: publishing without one uses the moment you publish."
        >
          <input {...bind("published_at")} type="datetime-local" className={inputClass} />
        </BlogEditorField>
        <BlogEditorField
          label="Canonical URL"
          field="canonical_url"
          error={errors.canonical_url}
          hint="Optional: only when the post first appeared elsewhere."
        >
          <input {...bind("canonical_url")} type="url" inputMode="url" className={inputClass} />
        </BlogEditorField>
        <BlogEditorField
          label="Search title"
          field="meta_title"
          error={errors.meta_title}
          hint="Optional: replaces the title in search results."
        >
          <input {...bind("meta_title")} className={inputClass} autoComplete="off" />
        </BlogEditorField>
        <BlogEditorField
          label="Search description"
          field="meta_description"
          error={errors.meta_description}
          hint="Optional: else the excerpt, else the start of the post."
        >
          <textarea {...bind("meta_description")} rows={2} className={inputClass} />
        </BlogEditorField>
        <BlogEditorField label="Social title" field="og_title" error={errors.og_title} hint="Optional (og:title): else the search title.">
          <input {...bind("og_title")} className={inputClass} autoComplete="off" />
        </BlogEditorField>
        <BlogEditorField label="Social description" field="og_description" error={errors.og_description} hint="Optional (og:description).">
          <textarea {...bind("og_description")} rows={2} className={inputClass} />
        </BlogEditorField>
        <BlogEditorField
          label="Social image"
          field="og_image_url"
          error={errors.og_image_url}
          hint="Optional (og:image): an image address (.png, .jpg, .webp…) or /media/…; else the site's default card."
        >
          <input {...bind("og_image_url")} type="url" inputMode="url" className={inputClass} />
        </BlogEditorField>
        <BlogEditorField
          label="X/Twitter title"
          field="twitter_card_title"
          error={errors.twitter_card_title}
          hint="Optional: else the social title."
        >
          <input {...bind("twitter_card_title")} className={inputClass} autoComplete="off" />
        </BlogEditorField>
        <BlogEditorField
          label="X/Twitter description"
          field="twitter_card_description"
          error={errors.twitter_card_description}
          hint="Optional: else the social description."
        >
          <textarea {...bind("twitter_card_description")} rows={2} className={inputClass} />
        </BlogEditorField>
        <BlogEditorField
          label="X/Twitter image"
          field="twitter_card_image_url"
          error={errors.twitter_card_image_url}
          hint="Optional: else the social image."
        >
          <input {...bind("twitter_card_image_url")} type="url" inputMode="url" className={inputClass} />
        </BlogEditorField>
      </div>
      <SeoPreviews siteUrl={siteUrl} values={values} post={post} />
    </fieldset>
  );
}
