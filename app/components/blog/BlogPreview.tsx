import { AppLink } from "~/components/ui/AppLink";
import { textLanguage, useLocale, useMessages, usePaths } from "~/lib/i18n";
import type { Locale } from "~core/locales";
import { PostByline } from "./PostByline";
import { TagList } from "./TagList";

export interface BlogPreviewData {
  slug: string;
  title: string;
  excerpt: string;
  author: string | null;
  /** ISO date: published, else created. */
  date: string;
  tags: string[];
  /** The language title and excerpt are in, when not the page's (a post not translated into it: English). */
  locale?: Locale;
}

export function BlogPreview({ post }: { post: BlogPreviewData }) {
  const paths = usePaths();
  const t = useMessages("blog");
  // Text in another language than the page's says so, for screen readers and search engines (docs/i18n.md "Content").
  const lang = textLanguage(post.locale, useLocale());
  return (
    <article className="rounded-xl border border-ink-800 bg-ink-900 p-5 transition hover:border-ink-700">
      {lang.lang && <p className="mb-1 text-xs font-medium uppercase tracking-wide text-zinc-400">{t("inEnglish")}</p>}
      <h2 dir="auto" {...lang} className="text-xl font-bold leading-snug">
        <AppLink to={paths.blogPost(post.slug)} className="hover:text-brand-300">
          {post.title}
        </AppLink>
      </h2>
      <PostByline author={post.author} date={post.date} className="mt-1" />
      {post.excerpt && (
        <p dir="auto" {...lang} className="mt-3 leading-7 text-zinc-300">
          {post.excerpt}
        </p>
      )}
      <TagList tags={post.tags} className="mt-4" />
    </article>
  );
}
