/** The spinner over the picture while the stream loads or playback waits for data. */
export function LoadingOverlay() {
  return (
    <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center">
      <span className="h-14 w-14 animate-spin rounded-full border-4 border-white/25 border-t-white" />
      <span className="sr-only">Loading video…</span>
    </div>
  );
}
