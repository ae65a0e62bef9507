/**
 * Runs `task` once the page has loaded and the browser is idle, so that optional work (ads, live
 * connections) never competes with the first render or the largest contentful paint. Returns a cancel.
 */
export function afterLoadAndIdle(task: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  const run = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback: a zero timeout after load does nearly as well.
    if (typeof window.requestIdleCallback === "function")
      idleId = window.requestIdleCallback(() => !cancelled && task(), { timeout: 2_000 });
    else idleId = setTimeout(() => !cancelled && task(), 1) as unknown as number;
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
    if (idleId !== undefined) {
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idleId);
      else clearTimeout(idleId);
    }
  };
}
