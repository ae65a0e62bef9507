import { textLanguage, useLocale } from "~/lib/i18n";
import { MarkdownHtml } from "./MarkdownHtml";
import { PostByline } from "./PostByline";
import { TagList } from "./TagList";

/**
 * A post as readers see it: title, byline, tags and the rendered body. The public post page and the
 * console's live preview both use it, so the preview is the page.
 */
export function PostArticle({
  title,
  author,
  date,
  tags,
  html,
  lang,
}: {
  title: string;
  author: string | null;
  date: string;
  tags: string[];
  /** HTML from `renderMarkdown` (server-side), never from anywhere else. */
  html: string;
  /** The language of title and body when not the page's (an untranslated post: English); byline and tags are the page's. */
  lang?: string;
}) {
  const locale = useLocale();
  return (
    <>
      <header className="mt-4 border-b border-ink-800 pb-6">
        <h1 dir="auto" {...textLanguage(lang, locale)} className="text-3xl font-extrabold leading-tight sm:text-4xl">
          {title}
        </h1>
        <PostByline author={author} date={date} className="mt-3" />
        <TagList tags={tags} className="mt-4" />
      </header>
      <MarkdownHtml html={html} lang={lang} className="mt-2 break-words" />
    </>
  );
}
