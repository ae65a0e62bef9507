import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LaterStylesContext, useStylesShownLater } from "./later-styles";

function Menu() {
  useStylesShownLater("absolute  w-56 top-full", "w-56 hover:bg-ink-700");
  return <button type="button">Share</button>;
}

describe("useStylesShownLater", () => {
  it("adds each class name of the lists, once, to the set the server provides", () => {
    const later = new Set<string>();
    renderToString(
      <LaterStylesContext.Provider value={later}>
        <Menu />
      </LaterStylesContext.Provider>,
    );
    expect([...later].sort()).toEqual(["absolute", "hover:bg-ink-700", "top-full", "w-56"]);
  });

  it("does nothing without one (the browser)", () => {
    expect(renderToString(<Menu />)).toBe('<button type="button">Share</button>');
  });
});
