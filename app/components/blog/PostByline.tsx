import { formatLongDate } from "~/lib/format";

/** 'By {author}' (when known) and the long-form date: published, else created. */
export function PostByline({ author, date, className = "" }: { author: string | null; date: string; className?: string }) {
  return (
    <p className={`flex flex-wrap gap-x-2 text-sm text-zinc-400 ${className}`.trim()}>
      {author && (
        <>
          <span>{`By ${author}`}</span>
          <span aria-hidden="true">·</span>
        </>
      )}
      <time dateTime={date}>{formatLongDate(date)}</time>
    </p>
  );
}
