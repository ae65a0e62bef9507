import { useEffect, useRef, useState } from "react";
import { PostArticle } from "~/components/blog/PostArticle";
import type { PreviewResult } from "~core/blog-post-schema";
import { BLOG_CONTENT_MAX } from "~core/blog-post-schema";
import { paths } from "~core/paths";
import { errorText, inputClass } from "./editor-styles";
import { MarkdownToolbar } from "./MarkdownToolbar";

/** How long typing must pause before the preview is re-rendered on the server. */
const PREVIEW_DEBOUNCE_MS = 300;

const TABS = [
  { id: "write", label: "Write" },
  { id: "preview", label: "Preview" },
] as const;

/**
 * The preview's HTML for `content`: re-rendered on the server after typing pauses, by a plain request
 * (not a router fetcher, whose failure would replace the editor with the error page and lose the text).
 */
function useLivePreview(content: string, initialHtml: string) {
  const [html, setHtml] = useState(initialHtml);
  const [renderedFor, setRenderedFor] = useState(content);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (content === renderedFor) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const res = await fetch(paths.admin.blogPreview(), {
          method: "POST",
          body: new URLSearchParams({ content }),
          signal: controller.signal,
        });
        const result = res.headers.get("content-type")?.includes("json") ? ((await res.json()) as PreviewResult) : null;
        if (result?.ok) {
          setHtml(result.html);
          setError(null);
        } else {
          setError(result?.message ?? `The preview could not be updated (HTTP ${res.status}). Your text is kept.`);
        }
      } catch {
        if (controller.signal.aborted) return;
        setError("The preview could not be updated (no connection?). Your text is kept.");
      }
      setRenderedFor(content);
      setLoading(false);
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
      setLoading(false);
    };
  }, [content, renderedFor]);

  return { html, error, updating: loading || content !== renderedFor };
}

/**
 * The markdown textarea and its live preview, rendered on the server by the public page's renderer after
 * typing pauses. Side by side on wide screens; Write/Preview tabs on narrow ones.
 */
export function BlogContentEditor({
  value,
  onChange,
  error,
  initialHtml,
  article,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  initialHtml: string;
  /** `lang`: the language of the text when not English (a translation). */
  article: { title: string; author: string | null; date: string; tags: string[]; lang?: string };
}) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { html, error: previewError, updating } = useLivePreview(value, initialHtml);
  const tabClass = (active: boolean) =>
    `flex-1 rounded-lg px-3 py-2 text-sm font-semibold ${active ? "bg-brand-600 text-white" : "text-zinc-200 hover:bg-ink-800"}`;

  return (
    <div>
      <div role="tablist" aria-label="Content" className="mb-3 flex gap-2 rounded-xl border border-ink-700 p-1 lg:hidden">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={tabClass(tab === t.id)}
            onClick={() => setTab(t.id)}
            onKeyDown={(event) => {
              // The tab pattern: arrows (and Home/End) move between the two tabs.
              if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
              event.preventDefault();
              const next = t.id === "write" ? "preview" : "write";
              const target = event.key === "Home" ? "write" : event.key === "End" ? "preview" : next;
              setTab(target);
              document.getElementById(`tab-${target}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div id="panel-write" className={`${tab === "write" ? "" : "hidden"} min-w-0 lg:block`}>
          <label htmlFor="post-content" className="mb-1 block text-sm font-medium text-zinc-200">
            Content (markdown)
          </label>
          <MarkdownToolbar textarea={textarea} onChange={onChange} />
          <textarea
            ref={textarea}
            id="post-content"
            name="content"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            rows={22}
            maxLength={BLOG_CONTENT_MAX}
            className={`${inputClass} rounded-t-none font-mono leading-relaxed`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "post-content-error post-content-hint" : "post-content-hint"}
          />
          {error && (
            <p id="post-content-error" className={errorText}>
              {error}
            </p>
          )}
          <p id="post-content-hint" className="mt-1 text-xs text-zinc-400">
            Markdown: **bold**, _italic_, ## headings, [links](https://…), lists, `code`. Raw HTML is shown as text.
          </p>
        </div>
        <section
          id="panel-preview"
          aria-label="Preview"
          className={`${tab === "preview" ? "" : "hidden"} min-w-0 rounded-xl border border-ink-700 bg-ink-950 p-4 lg:block`}
        >
          <p className="flex items-center justify-between text-xs font-semibold uppercase tracking-widest text-zinc-400">
            <span>Preview</span>
            <span role="status" className="font-normal normal-case tracking-normal">
              {updating ? "Updating…" : ""}
            </span>
          </p>
          {previewError && (
            <p role="alert" className={errorText}>
              {previewError}
            </p>
          )}
          <article data-testid="post-preview" className="max-h-[70vh] overflow-y-auto">
            <PostArticle {...article} html={html} />
          </article>
        </section>
      </div>
    </div>
  );
}
