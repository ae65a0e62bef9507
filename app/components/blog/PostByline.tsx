import { formatLongDate } from "~/lib/format";
import { useLocale, useMessages } from "~/lib/i18n";

/** 'By {author}' (when known) and the long-form date in the page's language: published, else created. */
export function PostByline({ author, date, className = "" }: { author: string | null; date: string; className?: string }) {
  const t = useMessages("blog");
  const locale = useLocale();
  return (
    <p className={`flex flex-wrap gap-x-2 text-sm text-zinc-400 ${className}`.trim()}>
      {author && (
        <>
          <span>{t("byAuthor", { author })}</span>
          <span aria-hidden="true">·</span>
        </>
      )}
      <time dateTime={date}>{formatLongDate(date, locale)}</time>
    </p>
  );
}
