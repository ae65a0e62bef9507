import { ErrorState } from "~/components/ui/ErrorState";
import { Pagination } from "~/components/ui/Pagination";
import { paths } from "~core/paths";
import { BlogPreview, type BlogPreviewData } from "./BlogPreview";

export const BLOG_LIST_ERROR = "Failed to load blog posts. Please try again later.";
export const BLOG_LIST_EMPTY = "No blog posts available at the moment.";

export interface BlogPostListProps {
  posts: BlogPreviewData[];
  page: number;
  pageCount: number;
  error: string | null;
}

/** The blog list body: loading, error with Retry, empty, or previews with pagination. */
export function BlogPostList({ posts, page, pageCount, error }: BlogPostListProps) {
  if (error) return <ErrorState message={error} />;
  if (posts.length === 0) return <p className="py-16 text-center text-zinc-400">{BLOG_LIST_EMPTY}</p>;
  return (
    <>
      <div className="grid gap-5">
        {posts.map((post) => (
          <BlogPreview key={post.slug} post={post} />
        ))}
      </div>
      <Pagination current={page} total={pageCount} hrefFor={paths.blog} />
    </>
  );
}
