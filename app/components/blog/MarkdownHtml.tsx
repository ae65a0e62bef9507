import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { textLanguage, useLocale } from "~/lib/i18n";

// Same-site page links inside rendered markdown navigate client-side like <Link>; files (/media/…,
// anything with an extension) and other origins load normally.
const CLIENT_ROUTE = /^\/(?!\/|media\/)[^.?#]*(?:[?#].*)?$/;

/**
 * Shows HTML produced on the server by `renderMarkdown` (react-markdown without raw HTML, URLs filtered by
 * `safeUrl`). Never pass HTML from any other source. A body in another language than the page's (`lang`) also
 * takes that language's direction.
 */
export function MarkdownHtml({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    if (!link || link.target || link.hasAttribute("download")) return;
    const href = link.getAttribute("href");
    if (!href || !CLIENT_ROUTE.test(href)) return;
    event.preventDefault();
    navigate(href);
  };
  const language = textLanguage(lang, useLocale());
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered markdown without raw HTML and with filtered URLs
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated clicks come from the links inside, which are keyboard-operable
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this same click event
    <div className={className} {...language} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
