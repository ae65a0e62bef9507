import { useLocation, useRevalidator } from "react-router";
import { useMessages } from "~/lib/i18n";

/**
 * An error message (in the page's language: the caller's text) with a Retry button that re-runs the page's
 * loaders. Before the page's scripts have run (they wait for its LCP image: app/lib/hydration-start.server.ts), or
 * without them, the button is a form's: it asks for the same address again. Its button's text is in `listing`: a
 * page that shows it sends that namespace.
 */
export function ErrorState({ message, retry = true }: { message: string; retry?: boolean }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const t = useMessages("listing");
  return (
    <div role="alert" className="rounded-xl border border-red-900/60 bg-red-950/40 p-6 text-center">
      <p className="text-red-200">{message}</p>
      {retry && (
        <form
          method="get"
          action={location.pathname}
          onSubmit={(event) => {
            event.preventDefault();
            revalidator.revalidate();
          }}
        >
          {/* A GET form's fields are its query: the address's own, kept. */}
          {[...new URLSearchParams(location.search)].map(([name, value], i) => (
            <input key={`${i}-${name}`} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            disabled={revalidator.state === "loading"}
            className="mt-4 rounded-lg bg-ink-800 px-4 py-2 font-semibold hover:bg-ink-700 disabled:opacity-60"
          >
            {t("retry")}
          </button>
        </form>
      )}
    </div>
  );
}
