import { createContext, type ReactNode, use, useState } from "react";

interface Theater {
  theater: boolean;
  setTheater: (on: boolean) => void;
}

const TheaterContext = createContext<Theater | null>(null);

/**
 * Theater mode belongs to the page layout, not the player: the layout drops the sidebar beside the content
 * so the player spans the full width, and everything else follows below it.
 */
export function TheaterProvider({ children }: { children: (theater: boolean) => ReactNode }) {
  const [theater, setTheater] = useState(false);
  return <TheaterContext value={{ theater, setTheater }}>{children(theater)}</TheaterContext>;
}

/** The layout's theater switch; a player outside such a layout keeps its own, which only widens itself. */
export function useTheater(): Theater {
  const fromLayout = use(TheaterContext);
  const [theater, setTheater] = useState(false);
  return fromLayout ?? { theater, setTheater };
}
