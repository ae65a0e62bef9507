import { AppLink } from "~/components/ui/AppLink";
import { usePaths } from "~/lib/i18n";
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
}

export function BlogPreview({ post }: { post: BlogPreviewData }) {
  const paths = usePaths();
  return (
    <article className="rounded-xl border border-ink-800 bg-ink-900 p-5 transition hover:border-ink-700">
      <h2 dir="auto" className="text-xl font-bold leading-snug">
        <AppLink to={paths.blogPost(post.slug)} className="hover:text-brand-300">
          {post.title}
        </AppLink>
      </h2>
      <PostByline author={post.author} date={post.date} className="mt-1" />
      {post.excerpt && (
        <p dir="auto" className="mt-3 leading-7 text-zinc-300">
          {post.excerpt}
        </p>
      )}
      <TagList tags={post.tags} className="mt-4" />
    </article>
  );
}
