import { startTransition, useEffect, useState } from "react";

/**
 * Whether the viewer asks for less motion (`prefers-reduced-motion: reduce`), read after hydration: the server
 * cannot know it, so the first render (the server's HTML) says no and the browser corrects it.
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    startTransition(() => setReduced(query.matches)); // after hydration, as app/lib/use-hydrated.ts explains
    const follow = () => setReduced(query.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  return reduced;
}
