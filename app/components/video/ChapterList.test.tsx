import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inPage } from "../../../tests/support/in-page";
import { ChapterList, createPlayhead } from "./ChapterList";

const chapters = [
  { start: 0, title: "Opening" },
  { start: 20, title: "Colour <shift>" },
  { start: 40, title: "Finale" },
];

describe("ChapterList", () => {
  it("renders links to ?t= in order, the first marked current on the server, titles as text", () => {
    const html = renderToString(
      inPage(<ChapterList path="/video/x" chapters={chapters} playhead={createPlayhead()} onSelect={() => {}} />, {
        namespaces: ["video"],
      }),
    );
    expect(html.match(/href="[^"]+"/g)).toEqual(['href="/video/x?t=0"', 'href="/video/x?t=20"', 'href="/video/x?t=40"']);
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-current="true"[^>]*>.*0:00.*Opening/);
    expect(html).toContain("Colour &lt;shift&gt;");
    expect(html).not.toContain("<shift>");
  });

  it("names the list in the page's language, the chapters' own titles in theirs", () => {
    const html = renderToString(
      inPage(<ChapterList path="/ar/video/x" chapters={chapters} playhead={createPlayhead()} onSelect={() => {}} />, {
        locale: "ar",
        namespaces: ["video"],
      }),
    );
    expect(html).toContain("الفصول");
    expect(html).toContain('href="/ar/video/x?t=20"');
    expect(html).toMatch(/<span dir="auto"[^>]*>Opening<\/span>/);
    expect(html).not.toContain('lang="en"');
  });

  it("marks English titles shown for want of a translation, not the times or the list's layout", () => {
    const html = renderToString(
      inPage(<ChapterList path="/ar/video/x" chapters={chapters} lang="en" playhead={createPlayhead()} onSelect={() => {}} />, {
        locale: "ar",
        namespaces: ["video"],
      }),
    );
    expect(html.match(/<span dir="ltr" lang="en"[^>]*>[^<]*<\/span>/g)).toHaveLength(chapters.length);
    expect(html).not.toMatch(/<ol[^>]*lang=/);
    expect(html).toMatch(/<span class="[^"]*tabular-nums">0:20<\/span>/);
  });

  it("tells its subscribers about every new playhead position", () => {
    const playhead = createPlayhead();
    const seen: number[] = [];
    const stop = playhead.subscribe(() => seen.push(playhead.get()));
    playhead.set(3);
    playhead.set(21.5);
    stop();
    playhead.set(50);
    expect(seen).toEqual([3, 21.5]);
    expect(playhead.get()).toBe(50);
  });
});
