import { data, Form, Link, useNavigation } from "react-router";
import { AccountShell, EmptyState } from "~/components/account/AccountShell";
import { ErrorState } from "~/components/ui/ErrorState";
import { Pagination } from "~/components/ui/Pagination";
import { Still } from "~/components/ui/Still";
import { existingPage } from "~/lib/account-pages.server";
import { stillsFor } from "~/lib/age-assurance.server";
import { formatDuration, formatLongDate, formatRelativeTime } from "~/lib/format";
import { textLanguage, translator, useLocale, useMessages, usePaths } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput, routeViewer } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { type Locale, localeOfRequest } from "~core/locales";
import { input, parseForm, readForm } from "~core/params";
import { paths } from "~core/paths";
import { ACCOUNT_PAGE, defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { attempt, classifyFailure, unavailable } from "../../../server/http/route-errors";
import { pageTexts, translate } from "../../../server/i18n/catalog";
import { localizeCards } from "../../../server/services/content-translations";
import {
  clearHistory,
  HISTORY_PER_PAGE,
  isHistoryPaused,
  listHistory,
  removeFromHistory,
  setHistoryPaused,
} from "../../../server/services/history";
import type { Route } from "./+types/history";

const historyQuery = z.object({ page: input.page });

interface HistoryItem {
  id: string;
  title: string;
  /** English for want of a translation in the page's language (docs/i18n.md "Content"). */
  title_lang?: Locale;
  thumbnail_url: string | null;
  duration: number;
  position: number;
  watchedAt: string;
}

const historyFields = z.object({
  intent: z.string().max(10),
  videoId: z.string().max(100).optional(),
  paused: z.string().max(10).optional(),
});

export const contract = defineRoute({
  ...ACCOUNT_PAGE,
  input: { query: historyQuery, form: historyFields },
});

/** Watch History: newest first, 16 a page, with the pause switch (docs/product.md "Accounts"). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = routeViewer(args.context);
  const { page: requested } = routeInput(args.context, contract).query;
  const locale = localeOfRequest(args.request);
  const intl = pageTexts(locale, ["account"]);
  const found = await attempt(
    args.context,
    "watch history",
    () =>
      Promise.all([
        listHistory(viewer.id, requested).then(async (h) => ({ ...h, entries: await localizeCards(h.entries, locale) })),
        isHistoryPaused(viewer.id),
      ]),
    () => null,
  );
  if (!found) {
    return data({ error: true, paused: false, page: requested, pageCount: 0, items: [] as HistoryItem[], intl }, { status: 500 });
  }
  const [{ entries, total }, paused] = found;
  const { page, pageCount } = existingPage(args.request, requested, total, HISTORY_PER_PAGE);
  const stills = stillsFor(args.context);
  const items: HistoryItem[] = entries.map((e) =>
    stills({
      id: e.id,
      title: e.title,
      ...(e.title_lang && { title_lang: e.title_lang }),
      thumbnail_url: e.thumbnail_url,
      duration: e.duration,
      position: Math.floor(e.position_seconds),
      watchedAt: new Date(e.watched_at).toISOString(),
    }),
  );
  return data({ error: false, paused, page, pageCount, items, intl });
}

const historyForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), videoId: input.videoId }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("pause"), paused: z.enum(["true", "false"]).transform((v) => v === "true") }),
]);

export type HistoryActionData = { error: string | null };

/** Remove one, clear all, pause or resume recording. Cross-site posts never reach it (server/http/cross-site.ts). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  const viewer = routeViewer(args.context);
  const locale = localeOfRequest(request);
  const saveFailed = translate(locale, "account", "saveFailed");
  const body = await readForm(request, 4096);
  if (!body.ok) return data<HistoryActionData>({ error: saveFailed }, { status: body.status, headers: body.headers });
  const fields = parseForm(contract.input.form, body.form);
  const form = fields ? historyForm.safeParse(fields) : undefined;
  if (!form?.success) return data<HistoryActionData>({ error: saveFailed }, { status: 400 });
  try {
    const limit = await consumeAccountLimit("historyEdits", viewer.id);
    if (!limit.allowed) {
      return data<HistoryActionData>(
        { error: translate(locale, "account", "tooMany") },
        { status: 429, headers: { "Retry-After": retryAfterSeconds(limit) } },
      );
    }
    const f = form.data;
    if (f.intent === "remove") await removeFromHistory(viewer.id, f.videoId);
    else if (f.intent === "clear") await clearHistory(viewer.id);
    else await setHistoryPaused(viewer.id, f.paused);
    return data<HistoryActionData>({ error: null });
  } catch (err) {
    if (classifyFailure(context, "watch history edit", err) === "unavailable") unavailable();
    return data<HistoryActionData>({ error: saveFailed }, { status: 500 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "account");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: t("historyTitle"),
    description: t("historyDescription", { site: site.name }),
    path: paths.history(),
    noindex: true,
  });
}

const button = "rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm font-semibold hover:bg-ink-800 disabled:opacity-60";

export default function WatchHistory({ loaderData: d, actionData }: Route.ComponentProps) {
  const t = useMessages("account");
  const paths = usePaths();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AccountShell title={t("historyTitle")}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <PauseSwitch paused={d.paused} busy={busy} />
        {d.items.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className={button} disabled={busy}>
              {t("historyClear")}
            </button>
          </Form>
        )}
      </div>
      {actionData?.error && (
        <p role="alert" className="mb-4 text-red-300">
          {actionData.error}
        </p>
      )}
      {d.paused && <p className="mb-4 text-sm text-zinc-400">{t("historyPausedNote")}</p>}
      {d.error ? (
        <ErrorState message={t("loadFailed")} />
      ) : d.items.length === 0 ? (
        <EmptyState>{t("historyEmpty")}</EmptyState>
      ) : (
        <>
          <ol className="space-y-3" aria-label={t("historyListLabel")}>
            {d.items.map((item) => (
              <HistoryRow key={item.id} item={item} busy={busy} />
            ))}
          </ol>
          <Pagination current={d.page} total={d.pageCount} hrefFor={paths.history} />
        </>
      )}
    </AccountShell>
  );
}

/** The pause switch: a real form post, so it works without JavaScript; role=switch tells its state. */
function PauseSwitch({ paused, busy }: { paused: boolean; busy: boolean }) {
  const t = useMessages("account");
  return (
    <Form method="post" className="flex items-center gap-3">
      <input type="hidden" name="intent" value="pause" />
      <input type="hidden" name="paused" value={paused ? "false" : "true"} />
      <button
        type="submit"
        role="switch"
        aria-checked={paused}
        aria-label={t("historyPause")}
        disabled={busy}
        className={`relative h-7 w-12 rounded-full border border-ink-700 transition ${paused ? "bg-brand-600" : "bg-ink-800"}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 h-5.5 w-5.5 rounded-full bg-white transition-all ${paused ? "start-6" : "start-0.5"}`}
        />
      </button>
      <span aria-hidden="true" className="text-sm font-medium">
        {t("historyPause")}
      </span>
    </Form>
  );
}

function HistoryRow({ item, busy }: { item: HistoryItem; busy: boolean }) {
  const t = useMessages("account");
  const paths = usePaths();
  const locale = useLocale();
  const progress = item.duration > 0 ? Math.min(100, Math.round((item.position / item.duration) * 100)) : 0;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-ink-800 bg-ink-900 p-3">
      <Link
        to={paths.video(item.id)}
        className="relative block w-32 shrink-0 overflow-hidden rounded-lg bg-ink-800 sm:w-40"
        tabIndex={-1}
        aria-hidden="true"
      >
        {item.thumbnail_url ? (
          <Still
            src={item.thumbnail_url}
            sizes="(min-width: 640px) 160px, 128px"
            width={160}
            height={90}
            loading="lazy"
            className="aspect-video w-full object-cover"
          />
        ) : (
          <div className="aspect-video w-full bg-gradient-to-br from-ink-700 to-ink-900" />
        )}
        <span className="absolute inset-x-0 bottom-0 h-1 bg-black/60">
          <span className="block h-full bg-brand-500" style={{ width: `${progress}%` }} />
        </span>
      </Link>
      <div className="min-w-0 flex-1">
        <h2 dir="auto" {...textLanguage(item.title_lang, locale)} className="line-clamp-2 font-semibold">
          <Link to={paths.video(item.id)} className="hover:text-brand-300">
            {item.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          <span className="tabular-nums">
            {t("historyStoppedAt", { position: formatDuration(item.position), duration: formatDuration(item.duration) })}
          </span>
          <span aria-hidden="true"> · </span>
          <time dateTime={item.watchedAt} title={formatLongDate(item.watchedAt, locale)} suppressHydrationWarning>
            {formatRelativeTime(item.watchedAt, new Date(), locale)}
          </time>
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="videoId" value={item.id} />
        <button type="submit" className={button} disabled={busy} aria-label={t("historyRemoveLabel", { title: item.title })}>
          {t("historyRemove")}
        </button>
      </Form>
    </li>
  );
}
