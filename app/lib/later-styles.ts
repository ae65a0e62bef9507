import { createContext, useContext } from "react";

/**
 * The class names of what script shows only after a press (an open menu, a header panel), gathered while the server
 * renders a page, so that the page's cut stylesheet (app/lib/page-sink.server.ts) carries their rules although the
 * markup does not have them yet. Without them a menu opened before the whole sheet has arrived (a quick tap on a
 * slow line; app/lib/app-styles.tsx) showed unstyled, and measured its room at that size: the phone's Share menu
 * ran 10 px past the screen's edge. Only the server provides a set; in the browser the hook does nothing.
 */
export const LaterStylesContext = createContext<Set<string> | null>(null);

/** Declares the class lists of markup this component shows later (each list as written in its `className`). */
export function useStylesShownLater(...classLists: string[]): void {
  const later = useContext(LaterStylesContext);
  if (!later) return;
  for (const list of classLists) for (const name of list.split(" ")) if (name) later.add(name);
}
