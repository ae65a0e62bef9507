import type { RefObject } from "react";

/** What a button does to the selection: wrap it, or prefix each selected line. */
type Edit = { label: string; title: string; wrap?: [string, string]; placeholder: string; linePrefix?: string };

const EDITS: Edit[] = [
  { label: "B", title: "Bold", wrap: ["**", "**"], placeholder: "bold text" },
  { label: "I", title: "Italic", wrap: ["_", "_"], placeholder: "italic text" },
  { label: "H2", title: "H2 heading", linePrefix: "## ", placeholder: "Heading" },
  { label: "Link", title: "Link", wrap: ["[", "](https://)"], placeholder: "link text" },
  { label: "• List", title: "Bulleted list", linePrefix: "- ", placeholder: "item" },
  { label: "Quote", title: "Quote", linePrefix: "> ", placeholder: "quote" },
  { label: "Code", title: "Inline code", wrap: ["`", "`"], placeholder: "code" },
];

/** Applies `edit` to `text` between `start` and `end`; returns the new text and selection. */
export function applyEdit(text: string, start: number, end: number, edit: Edit): { text: string; start: number; end: number } {
  const selected = text.slice(start, end) || edit.placeholder;
  if (edit.wrap) {
    const [before, after] = edit.wrap;
    const next = text.slice(0, start) + before + selected + after + text.slice(end);
    return { text: next, start: start + before.length, end: start + before.length + selected.length };
  }
  const prefix = edit.linePrefix ?? "";
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const block = (text.slice(lineStart, start) + selected)
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");
  const next = text.slice(0, lineStart) + block + text.slice(end);
  return { text: next, start: lineStart, end: lineStart + block.length };
}

/** A few markdown shortcuts above the content textarea (the textarea works without them). */
export function MarkdownToolbar({
  textarea,
  onChange,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  onChange: (value: string) => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls="post-content"
      className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-ink-700 bg-ink-800 p-1"
    >
      {EDITS.map((edit) => (
        <button
          key={edit.title}
          type="button"
          title={edit.title}
          aria-label={edit.title}
          className="min-w-9 rounded-md px-2 py-1 text-sm font-semibold text-zinc-100 hover:bg-ink-700"
          onClick={() => {
            const el = textarea.current;
            if (!el) return;
            const result = applyEdit(el.value, el.selectionStart, el.selectionEnd, edit);
            onChange(result.text);
            // After React has written the new value: select what the button inserted.
            requestAnimationFrame(() => {
              el.focus();
              el.setSelectionRange(result.start, result.end);
            });
          }}
        >
          {edit.label}
        </button>
      ))}
    </div>
  );
}
