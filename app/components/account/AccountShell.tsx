import type { ReactNode } from "react";

/** The frame of the signed-in-only pages: a heading and the page's content (`wide` for a card grid). */
export function AccountShell({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? "" : "mx-auto max-w-3xl"}>
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** An empty state: the original's placeholder sentence (docs/product.md "Accounts"), as the page's text until it has content. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-ink-700 px-6 py-12 text-center text-zinc-400">{children}</p>;
}
