import { startTransition, useEffect, useState } from "react";

/**
 * False in the server render and the first client render, true once the page runs its scripts.
 *
 * The flip is a transition: the render it causes right after hydration (every component that reads this hook, at
 * once) yields to the browser every few milliseconds instead of running as one task, which on a throttled phone
 * was a 50-70 ms block of the main thread (docs/benchmarks.md "Issue 35: the render after hydration"). Keep the
 * components that call it small: each re-renders with everything it renders.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
