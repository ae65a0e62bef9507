import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "~/components/ui/AppLink";
import { useMessages } from "~/lib/i18n";
import { KEEP_SCREEN } from "~/lib/pending-screen";
import {
  DURATIONS,
  type Duration,
  type DurationBounds,
  durationLabels,
  type ListingOrder,
  listingSearch,
  SORT_LABELS,
  SORTS,
  type Sort,
} from "~core/listing-order";

const field = "rounded-lg border border-zinc-500 bg-ink-900 px-3 py-2 text-sm text-zinc-100 hover:border-zinc-400";

/**
 * "Sort by" and "Duration" above a grid: a GET form, so it works without JavaScript (the Apply button
 * submits; the loader then drops defaults from the address). With scripts a change navigates at once to the
 * listing's one address; the button is inside <noscript>, so it is never laid out there and nothing moves
 * when the page hydrates (CLS 0). `extra` carries other query parameters of the page (search's `q`).
 */
export function ListingControls({
  path,
  order,
  bounds,
  extra = {},
}: {
  path: string;
  order: ListingOrder;
  bounds: DurationBounds;
  extra?: Record<string, string>;
}) {
  const navigate = useNavigate();
  const t = useMessages("listing");
  const labels = durationLabels(bounds, t);
  // What the selects show: the page's order, and the visitor's choice at once while its page loads. The
  // form stays mounted across these navigations, so a keyboard user keeps focus on the select they changed.
  const [chosen, setChosen] = useState(order);
  useEffect(() => setChosen({ sort: order.sort, duration: order.duration }), [order.sort, order.duration]);
  const choose = (next: ListingOrder) => {
    setChosen(next);
    navigate(`${path}${listingSearch(next, 1, extra)}`, { preventScrollReset: true, state: KEEP_SCREEN });
  };
  return (
    <form method="get" action={path} aria-label={t("sortAndFilter")} className="mb-5 flex flex-wrap items-end gap-3">
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1 sm:flex-none">
        <label htmlFor="listing-sort" className="mb-1 block text-sm text-zinc-300">
          {t("sortBy")}
        </label>
        <select
          id="listing-sort"
          name="sort"
          value={chosen.sort}
          onChange={(e) => choose({ ...chosen, sort: e.target.value as Sort })}
          className={`${field} w-full sm:w-44`}
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABELS[s])}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 flex-1 sm:flex-none">
        <label htmlFor="listing-duration" className="mb-1 block text-sm text-zinc-300">
          {t("duration")}
        </label>
        <select
          id="listing-duration"
          name="duration"
          value={chosen.duration ?? ""}
          onChange={(e) => choose({ ...chosen, duration: (e.target.value || null) as Duration | null })}
          className={`${field} w-full sm:w-56`}
        >
          <option value="">{t("anyDuration")}</option>
          {DURATIONS.map((d) => (
            <option key={d} value={d}>
              {labels[d]}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {t("apply")}
        </button>
      </noscript>
    </form>
  );
}

/** The empty state of a filtered listing: says why, and links to the same listing without filters. */
export function NoFilterMatches({ clearHref }: { clearHref: string }) {
  const t = useMessages("listing");
  return (
    <div className="py-16 text-center text-zinc-400">
      <p>{t("noFilterMatches")}</p>
      <AppLink to={clearHref} className="mt-3 inline-block font-semibold text-brand-300 underline hover:text-brand-200">
        {t("clearFilters")}
      </AppLink>
    </div>
  );
}
