import { AdSlot } from "~/components/ads/AdSlot";
import { AppLink } from "~/components/ui/AppLink";
import { Still } from "~/components/ui/Still";
import { formatViews } from "~/lib/format";
import { textLanguage, useLocale, useMessages, usePaths } from "~/lib/i18n";
import type { Locale } from "~core/locales";

export interface SidebarData {
  trending: { id: string; title: string; title_lang?: Locale; views: number; thumbnail_url: string | null }[];
  /** In the page's language (`lang`: English for want of a translation); `slug`: the address's, English. */
  topCategories: { name: string; slug: string; lang?: Locale }[];
}

export function Sidebar({ data }: { data: SidebarData }) {
  const t = useMessages("common");
  const paths = usePaths();
  const locale = useLocale();
  return (
    <aside aria-label={t("sidebar")} className="flex w-full flex-col items-center lg:w-[300px] lg:shrink-0">
      <AdSlot name="Med_Rect_1" />
      <section aria-labelledby="trending-heading" className="mb-[30px] w-full">
        <h2 id="trending-heading" className="mb-3 text-lg font-bold">
          {t("trending")}
        </h2>
        {data.trending.length === 0 ? (
          <p className="text-sm text-zinc-400">{t("noTrending")}</p>
        ) : (
          <ul className="space-y-3">
            {data.trending.map((v) => (
              <li key={v.id}>
                <AppLink to={paths.video(v.id)} className="group flex gap-3 rounded-lg">
                  {/* The box keeps its size while the still waits for the page's LCP image (`afterLcp`). */}
                  <span className="h-[60px] w-[90px] shrink-0 overflow-hidden rounded-md bg-ink-800">
                    {v.thumbnail_url && (
                      <Still src={v.thumbnail_url} sizes="90px" width={90} height={60} afterLcp className="h-full w-full object-cover" />
                    )}
                  </span>
                  <span className="min-w-0">
                    <span
                      dir="auto"
                      {...textLanguage(v.title_lang, locale)}
                      className="line-clamp-2 text-sm font-medium group-hover:text-brand-300"
                    >
                      {v.title}
                    </span>
                    <span className="text-xs text-zinc-400">{t("views", { count: v.views, shown: formatViews(v.views, locale) })}</span>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AdSlot name="Med_Rect_2" />
      <section aria-labelledby="top-categories-heading" className="mb-[30px] w-full">
        <h2 id="top-categories-heading" className="mb-3 text-lg font-bold">
          {t("topCategories")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {data.topCategories.map((c) => (
            <li key={c.slug}>
              <AppLink
                to={paths.category(c.slug)}
                dir="auto"
                {...textLanguage(c.lang, locale)}
                className="inline-block rounded-full bg-ink-800 px-3 py-1 text-sm hover:bg-brand-700"
              >
                {c.name}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <AdSlot name="Med_Rect_3" />
    </aside>
  );
}
