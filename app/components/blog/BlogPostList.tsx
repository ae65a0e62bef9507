import { ErrorState } from "~/components/ui/ErrorState";
import { Pagination } from "~/components/ui/Pagination";
import { useMessages, usePaths } from "~/lib/i18n";
import { BlogPreview, type BlogPreviewData } from "./BlogPreview";

export interface BlogPostListProps {
  posts: BlogPreviewData[];
  page: number;
  pageCount: number;
  /** The posts could not be read (the page says so, with Retry). */
  failed: boolean;
}

/** The blog list body: error with Retry, empty, or previews with pagination. */
export function BlogPostList({ posts, page, pageCount, failed }: BlogPostListProps) {
  const t = useMessages("blog");
  const paths = usePaths();
  if (failed) return <ErrorState message={t("listError")} />;
  if (posts.length === 0) return <p className="py-16 text-center text-zinc-400">{t("empty")}</p>;
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
