/** Share targets for a page (docs/product.md "Video page": a tweet-intent link and a Reddit submit link with title and URL). */
export function shareLinks(title: string, url: string): { x: string; reddit: string } {
  const x = new URL("https://twitter.com/intent/tweet");
  x.searchParams.set("text", title);
  x.searchParams.set("url", url);
  const reddit = new URL("https://www.reddit.com/submit");
  reddit.searchParams.set("url", url);
  reddit.searchParams.set("title", title);
  return { x: x.toString(), reddit: reddit.toString() };
}

/**
 * Copies text to the clipboard: the async Clipboard API where the page is a secure context, else the
 * legacy selection copy (plain-HTTP sites on a LAN have no `navigator.clipboard`). Resolves false on failure.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not focused: try the legacy path below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
