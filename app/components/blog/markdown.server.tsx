import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./Markdown";

// Markdown is rendered to HTML here, on the server only, so the markdown parser never ships to the browser
// (it would add tens of KB to the blog's JavaScript). The output contains no raw HTML from the source.

const MEMO_LIMIT = 200;
const memo = new Map<string, string>();

/**
 * Markdown → safe HTML, memoised by source (posts and pages are re-read far more often than edited). The
 * console's live preview passes `memo: false`: each keystroke's draft would otherwise push published posts out.
 */
export function renderMarkdown(source: string, opts: { memo?: boolean } = {}): string {
  if (opts.memo === false) return renderToStaticMarkup(<Markdown source={source} />);
  const hit = memo.get(source);
  if (hit !== undefined) return hit;
  const html = renderToStaticMarkup(<Markdown source={source} />);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(source, html);
  return html;
}
