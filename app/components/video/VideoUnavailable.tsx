import { Link } from "react-router";
import { paths } from "~core/paths";

const LOAD_ERROR = "Failed to load video. Please try again later.";

/** The video page without a video (docs/product.md "Errors"): not found, taken down, or not loaded. */
export function VideoUnavailable({ state }: { state: "not-found" | "removed" | "error" }) {
  if (state === "error") {
    return (
      <section role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-bold">Error</h1>
        <p className="mt-3 text-zinc-400">{LOAD_ERROR}</p>
      </section>
    );
  }
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{state === "removed" ? "Video removed" : "Video not found"}</h1>
      <p className="mt-3 text-zinc-400">
        {state === "removed" ? "This video has been removed and is no longer available." : "The requested video could not be found."}
      </p>
      <Link to={paths.home()} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
        Go to Homepage
      </Link>
    </section>
  );
}
