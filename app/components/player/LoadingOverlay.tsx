import { useMessages } from "~/lib/i18n";

/** The spinner over the picture while the stream loads or playback waits for data. */
export function LoadingOverlay() {
  const t = useMessages("player");
  return (
    <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center">
      <span className="h-14 w-14 animate-spin rounded-full border-4 border-white/25 border-t-white" />
      <span className="sr-only">{t("loadingVideo")}</span>
    </div>
  );
}
