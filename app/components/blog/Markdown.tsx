import type { ComponentPropsWithoutRef } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeUrl } from "~core/markdown";

// Markdown for blog posts and static pages. Raw HTML in the source is never parsed into elements (no
// rehype-raw): react-markdown turns it into escaped text. URLs pass through `safeUrl`, so only the schemes of
// docs/product.md "Blog" survive; a refused link keeps its text without an address.

const heading = "scroll-mt-24 font-bold text-white";

type Tag =
  | "h1"
  | "h2"
  | "h3"
  | "h4"
  | "h5"
  | "h6"
  | "p"
  | "ul"
  | "ol"
  | "li"
  | "blockquote"
  | "code"
  | "pre"
  | "hr"
  | "thead"
  | "th"
  | "td"
  | "strong";

/** A plain element with our classes; classes from markdown (e.g. `language-js`, `sr-only`) are kept. */
function styled<T extends Tag>(Tag: T, classes: string) {
  return function Styled({ node: _, className, ...props }: ComponentPropsWithoutRef<T> & { node?: unknown }) {
    const Element = Tag as React.ElementType;
    return <Element className={className ? `${classes} ${className}` : classes} {...props} />;
  };
}

const components: Components = {
  h1: styled("h1", `${heading} mb-4 mt-10 text-3xl`),
  h2: styled("h2", `${heading} mb-3 mt-9 text-2xl`),
  h3: styled("h3", `${heading} mb-3 mt-8 text-xl`),
  h4: styled("h4", `${heading} mb-2 mt-6 text-lg`),
  h5: styled("h5", `${heading} mb-2 mt-6 text-base`),
  h6: styled("h6", `${heading} mb-2 mt-6 text-sm uppercase tracking-wide text-zinc-300`),
  p: styled("p", "my-4 leading-7 text-zinc-300"),
  ul: styled("ul", "my-4 list-disc space-y-1.5 ps-6 text-zinc-300 marker:text-brand-400"),
  ol: styled("ol", "my-4 list-decimal space-y-1.5 ps-6 text-zinc-300 marker:text-brand-400"),
  li: styled("li", "ps-1 leading-7"),
  blockquote: styled("blockquote", "my-6 border-s-4 border-brand-500/70 bg-ink-900/60 py-1 ps-4 pe-3 italic text-zinc-300"),
  code: styled("code", "rounded bg-ink-800 px-1.5 py-0.5 font-mono text-[0.9em] text-brand-300"),
  // Block code: the inner <code> drops its inline look.
  pre: styled(
    "pre",
    "my-6 overflow-x-auto rounded-xl border border-ink-700 bg-ink-900 p-4 text-sm leading-6 text-zinc-200 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-zinc-200",
  ),
  hr: styled("hr", "my-8 border-ink-700"),
  thead: styled("thead", "bg-ink-800 text-zinc-100"),
  th: styled("th", "border-b border-ink-700 px-4 py-2 font-semibold"),
  td: styled("td", "border-b border-ink-800 px-4 py-2 text-zinc-300"),
  strong: styled("strong", "font-semibold text-white"),
  table: ({ node: _, ...props }) => (
    <div className="my-6 overflow-x-auto rounded-xl border border-ink-700">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  a: ({ node: _, ...props }) => <MarkdownLink {...props} />,
  // Images get empty alt text by default (decorative unless the author says otherwise) and load lazily.
  img: ({ node: _, src, alt, ...props }) =>
    typeof src === "string" && src ? (
      <img {...props} src={src} alt={alt ?? ""} loading="lazy" decoding="async" className="my-6 h-auto max-w-full rounded-xl" />
    ) : null,
};

function MarkdownLink({ href, children, className, ...props }: ComponentPropsWithoutRef<"a">) {
  // A refused address: the words stay, the link goes.
  if (!href) return <span className={className}>{children}</span>;
  const external = /^[a-z][a-z\d+.-]*:/i.test(href) && !/^mailto:/i.test(href);
  return (
    <a
      {...props}
      href={href}
      className={`font-medium text-brand-400 underline decoration-brand-400/40 underline-offset-2 hover:text-brand-300 hover:decoration-brand-300 ${className ?? ""}`.trim()}
      rel={external ? "nofollow noopener noreferrer" : props.rel}
    >
      {children}
    </a>
  );
}

/** `urlTransform` for react-markdown: undefined drops the attribute. */
export function markdownUrlTransform(url: string): string | undefined {
  return safeUrl(url);
}

export function Markdown({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={markdownUrlTransform} components={components}>
      {source}
    </ReactMarkdown>
  );
}
