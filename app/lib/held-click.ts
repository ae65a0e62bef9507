// A tap made before the page's scripts listened (they start after its first image, docs/architecture.md): the
// loader at the end of <body> (app/lib/hydration-start.server.ts) records the last button without a default action
// or video that was clicked; here it is clicked again once React handles it.

declare global {
  interface Window {
    /** Set by the loader: stops its recording and returns the button or video it recorded, if any. */
    takeHeldClick?: () => Element | null | undefined;
  }
}

/**
 * Called just before hydrating: from then on React itself queues what it cannot handle yet. The button is clicked
 * when the page says it has hydrated (`data-hydrated`, set by app/root.tsx after every component's first effect),
 * unless hydration replaced it.
 */
export function replayHeldClick(): void {
  // A function only: markup with that id would be `window.takeHeldClick` on a page whose loader did not set it.
  const take = window.takeHeldClick;
  const target = typeof take === "function" ? take() : null;
  if (!(target instanceof HTMLButtonElement || target instanceof HTMLVideoElement)) return;
  const root = document.documentElement;
  const whenHydrated = new MutationObserver(() => {
    if (root.dataset.hydrated !== "true") return;
    whenHydrated.disconnect();
    if (target.isConnected && !(target instanceof HTMLButtonElement && target.disabled)) target.click();
  });
  whenHydrated.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}
