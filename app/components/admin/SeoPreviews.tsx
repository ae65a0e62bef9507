import { postDescription } from "~/components/blog/post-description";
import { blogPostMeta } from "~/components/blog/seo";
import { parseTags, SEARCH_DESCRIPTION_HINT, SEARCH_TITLE_HINT } from "~core/blog-post-schema";
import type { EditorField, EditorPost } from "./blog-editor-fields";

/** The tags the public post page would send, read back as what a search engine and a social card show. */
export function previewTags(siteUrl: string, values: Record<EditorField, string>, post: EditorPost | null) {
  const blankToNull = (v: string) => v.trim() || null;
  const now = new Date().toISOString();
  const publishedAt = values.published_at ? `${values.published_at}:00.000Z` : (post?.published_at ?? null);
  const meta = blogPostMeta(siteUrl, {
    title: values.title.trim() || "Untitled post",
    slug: values.slug || "your-slug",
    author: blankToNull(values.author),
    tags: parseTags(values.tags),
    published_at: publishedAt,
    created_at: post?.created_at ?? now,
    updated_at: post?.updated_at ?? now,
    description: postDescription({
      meta_description: blankToNull(values.meta_description),
      excerpt: blankToNull(values.excerpt),
      content: values.content,
    }),
    meta_title: blankToNull(values.meta_title),
    og_title: blankToNull(values.og_title),
    og_description: blankToNull(values.og_description),
    og_image_url: blankToNull(values.og_image_url),
    twitter_card_title: blankToNull(values.twitter_card_title),
    twitter_card_description: blankToNull(values.twitter_card_description),
    twitter_card_image_url: blankToNull(values.twitter_card_image_url),
    canonical_url: blankToNull(values.canonical_url),
  });
  const find = (pred: (m: Record<string, unknown>) => boolean, key: string) =>
    String((meta.find((m) => pred(m as Record<string, unknown>)) as Record<string, unknown> | undefined)?.[key] ?? "");
  const byProperty = (p: string) => find((m) => m.property === p, "content");
  return {
    title: find((m) => "title" in m, "title"),
    description: find((m) => m.name === "description", "content"),
    canonical: find((m) => m.rel === "canonical", "href"),
    ogTitle: byProperty("og:title"),
    ogDescription: byProperty("og:description"),
    ogImage: byProperty("og:image"),
  };
}

/** "pleazure.example › blog › my-post", as search results show an address. */
function breadcrumbUrl(url: string): string {
  try {
    const u = new URL(url);
    return [u.host, ...u.pathname.split("/").filter(Boolean).map(decodeURIComponent)].join(" › ");
  } catch {
    return url;
  }
}

function Length({ length, hint, label }: { length: number; hint: number; label: string }) {
  const over = length > hint;
  return (
    <span className={`text-xs ${over ? "font-semibold text-amber-300" : "text-zinc-400"}`}>
      {label}: {length}/{hint}
      {over ? " — search engines will cut it" : ""}
    </span>
  );
}

/** What the post looks like in a search result and on a shared card, from the fields as typed. */
export function SeoPreviews({ siteUrl, values, post }: { siteUrl: string; values: Record<EditorField, string>; post: EditorPost | null }) {
  const tags = previewTags(siteUrl, values, post);
  const host = (() => {
    try {
      return new URL(tags.canonical).host;
    } catch {
      return "";
    }
  })();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="search-preview-heading" className="min-w-0">
        <h3 id="search-preview-heading" className="mb-2 text-sm font-semibold text-zinc-200">
          Search result preview
        </h3>
        <div data-testid="search-preview" className="rounded-xl bg-white p-4 text-left font-sans">
          <p className="truncate text-xs text-zinc-700">{breadcrumbUrl(tags.canonical)}</p>
          <p className="mt-1 line-clamp-1 text-lg leading-snug text-[#1a0dab]">{tags.title}</p>
          <p className="mt-1 line-clamp-2 text-sm text-zinc-700">{tags.description}</p>
        </div>
        <p className="mt-2 flex flex-wrap gap-x-4">
          <Length length={tags.title.length} hint={SEARCH_TITLE_HINT} label="Title" />
          <Length length={tags.description.length} hint={SEARCH_DESCRIPTION_HINT} label="Description" />
        </p>
      </section>
      <section aria-labelledby="social-preview-heading" className="min-w-0">
        <h3 id="social-preview-heading" className="mb-2 text-sm font-semibold text-zinc-200">
          Social card preview
        </h3>
        <div data-testid="social-preview" className="overflow-hidden rounded-xl border border-ink-700 bg-ink-900">
          <img src={tags.ogImage} alt="" referrerPolicy="no-referrer" className="aspect-[1200/630] w-full bg-ink-800 object-cover" />
          <div className="p-3">
            <p className="text-xs uppercase text-zinc-400">{host}</p>
            <p className="mt-1 line-clamp-2 font-semibold text-zinc-100">{tags.ogTitle}</p>
            <p className="mt-1 line-clamp-2 text-sm text-zinc-300">{tags.ogDescription}</p>
          </div>
        </div>
      </section>
    </div>
  );
}
