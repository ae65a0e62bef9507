import { useMessages } from "~/lib/i18n";
import type { StreamError } from "./use-hls-stream";

/** A playback error over the whole player, with Retry when retrying can help (`onRetry`). */
export function ErrorOverlay({ error, onRetry }: { error: StreamError; onRetry?: () => void }) {
  const t = useMessages("player");
  return (
    <div role="alert" className="absolute inset-0 z-20 grid place-items-center bg-black/85 p-6 text-center">
      <div>
        <p>{t(error === "media" ? "mediaError" : "libraryError")}</p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="mt-4 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            {t("retry")}
          </button>
        )}
      </div>
    </div>
  );
}
