import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChapterList, createPlayhead } from "./ChapterList";

const chapters = [
  { start: 0, title: "Opening" },
  { start: 20, title: "Colour <shift>" },
  { start: 40, title: "Finale" },
];

describe("ChapterList", () => {
  it("renders links to ?t= in order, the first marked current on the server, titles as text", () => {
    const html = renderToString(<ChapterList path="/video/x" chapters={chapters} playhead={createPlayhead()} onSelect={() => {}} />);
    expect(html.match(/href="[^"]+"/g)).toEqual(['href="/video/x?t=0"', 'href="/video/x?t=20"', 'href="/video/x?t=40"']);
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-current="true"[^>]*>.*0:00.*Opening/);
    expect(html).toContain("Colour &lt;shift&gt;");
    expect(html).not.toContain("<shift>");
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
