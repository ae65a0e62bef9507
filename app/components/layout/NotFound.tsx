import { Link } from "react-router";
import { useMessages, usePaths } from "~/lib/i18n";

/** docs/product.md "Errors": the 404 page texts. */
export function NotFound() {
  const t = useMessages("common");
  const paths = usePaths();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-400">404</p>
      <h1 className="mt-4 text-2xl font-bold">{t("notFoundTitle")}</h1>
      <p className="mt-3 text-zinc-400">{t("notFoundText")}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={paths.home()} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          {t("goHome")}
        </Link>
        <Link to={paths.faq()} className="rounded-lg border border-ink-700 px-5 py-2.5 font-semibold hover:bg-ink-800">
          {t("visitFaq")}
        </Link>
      </div>
    </section>
  );
}
