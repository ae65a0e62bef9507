import { Link } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";

/** The video page without a video (docs/product.md "Errors"): not found, taken down, or not loaded. */
export function VideoUnavailable({ state }: { state: "not-found" | "removed" | "error" }) {
  const t = useMessages("video");
  const common = useMessages("common");
  const paths = usePaths();
  if (state === "error") {
    return (
      <section role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-bold">{common("errorHeading")}</h1>
        <p className="mt-3 text-zinc-400">{t("loadFailed")}</p>
      </section>
    );
  }
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{state === "removed" ? t("removedHeading") : t("notFoundHeading")}</h1>
      <p className="mt-3 text-zinc-400">{state === "removed" ? t("removedText") : t("notFoundText")}</p>
      <Link to={paths.home()} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {common("goHome")}
      </Link>
    </section>
  );
}
