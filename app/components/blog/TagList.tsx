import { useMessages } from "~/lib/i18n";

/** A post's tags as chips (written by the team: each keeps its own direction on a right-to-left page). */
export function TagList({ tags, className = "" }: { tags: string[]; className?: string }) {
  const t = useMessages("blog");
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t("tags")} className={`flex flex-wrap gap-2 ${className}`.trim()}>
      {tags.map((tag) => (
        <li
          key={tag}
          dir="auto"
          className="rounded-full border border-brand-500/40 bg-brand-600/10 px-3 py-0.5 text-xs font-medium text-brand-300"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
