/** A playback error over the whole player, with Retry when retrying can help (`onRetry`). */
export function ErrorOverlay({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="absolute inset-0 z-20 grid place-items-center bg-black/85 p-6 text-center">
      <div>
        <p>{message}</p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="mt-4 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500"
          >
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
