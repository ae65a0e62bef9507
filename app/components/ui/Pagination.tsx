import { useMessages } from "~/lib/i18n";
import { paginationWindow } from "~core/pagination";
import { AppLink } from "./AppLink";

/**
 * docs/product.md "Listings" pagination: First, Previous, numbered window with disabled ellipses, Next, Last.
 * Its texts are in `listing`: a page that shows it sends that namespace. `hrefFor` gives addresses in the
 * page's language.
 */
export function Pagination({ current, total, hrefFor }: { current: number; total: number; hrefFor: (page: number) => string }) {
  const t = useMessages("listing");
  if (total <= 1) return null;
  const base = "min-w-10 rounded-lg border px-3 py-2 text-center text-sm font-medium";
  const idle = `${base} border-ink-700 bg-ink-900 hover:bg-ink-800`;
  const disabled = `${base} border-ink-800 bg-ink-900 text-zinc-600 cursor-not-allowed`;
  const step = (label: string, page: number, enabled: boolean) =>
    enabled ? (
      <AppLink to={hrefFor(page)} className={idle}>
        {label}
      </AppLink>
    ) : (
      <span className={disabled} aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav aria-label={t("pagination")} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {step(t("first"), 1, current > 1)}
      {step(t("previous"), current - 1, current > 1)}
      {paginationWindow(current, total).map((item) =>
        typeof item === "number" ? (
          item === current ? (
            <span key={item} aria-current="page" className={`${base} border-brand-500 bg-brand-600 text-white`}>
              {item}
            </span>
          ) : (
            <AppLink key={item} to={hrefFor(item)} className={idle} aria-label={t("pageNumber", { page: item })}>
              {item}
            </AppLink>
          )
        ) : (
          <button key={item} type="button" disabled className={disabled} aria-label={t("morePages")}>
            …
          </button>
        ),
      )}
      {step(t("next"), current + 1, current < total)}
      {step(t("last"), total, current < total)}
    </nav>
  );
}
