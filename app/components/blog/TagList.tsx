/** A post's tags as chips. */
export function TagList({ tags, className = "" }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`.trim()}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full border border-brand-500/40 bg-brand-600/10 px-3 py-0.5 text-xs font-medium text-brand-300">
          {tag}
        </li>
      ))}
    </ul>
  );
}
