import { data, Form, Link, useNavigation } from "react-router";
import { AccountShell, EmptyState } from "~/components/account/AccountShell";
import { ErrorState } from "~/components/ui/ErrorState";
import { Pagination } from "~/components/ui/Pagination";
import { existingPage } from "~/lib/account-pages.server";
import { ACCOUNT_TEXTS } from "~/lib/account-texts";
import { stillsFor } from "~/lib/age-assurance.server";
import { formatDuration, formatLongDate, formatRelativeTime } from "~/lib/format";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput, routeViewer } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { input, parseForm, readForm } from "~core/params";
import { paths } from "~core/paths";
import { ACCOUNT_PAGE, defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { attempt, classifyFailure, unavailable } from "../../../server/http/route-errors";
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
  const found = await attempt(
    args.context,
    "watch history",
    () => Promise.all([listHistory(viewer.id, requested), isHistoryPaused(viewer.id)]),
    () => null,
  );
  if (!found) {
    return data({ error: true, paused: false, page: requested, pageCount: 0, items: [] as HistoryItem[] }, { status: 500 });
  }
  const [{ entries, total }, paused] = found;
  const { page, pageCount } = existingPage(args.request, requested, total, HISTORY_PER_PAGE);
  const stills = stillsFor(args.context);
  const items: HistoryItem[] = entries.map((e) =>
    stills({
      id: e.id,
      title: e.title,
      thumbnail_url: e.thumbnail_url,
      duration: e.duration,
      position: Math.floor(e.position_seconds),
      watchedAt: new Date(e.watched_at).toISOString(),
    }),
  );
  return data({ error: false, paused, page, pageCount, items });
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
  const body = await readForm(request, 4096);
  if (!body.ok) return data<HistoryActionData>({ error: ACCOUNT_TEXTS.saveFailed }, { status: body.status, headers: body.headers });
  const fields = parseForm(contract.input.form, body.form);
  const form = fields ? historyForm.safeParse(fields) : undefined;
  if (!form?.success) return data<HistoryActionData>({ error: ACCOUNT_TEXTS.saveFailed }, { status: 400 });
  try {
    const limit = await consumeAccountLimit("historyEdits", viewer.id);
    if (!limit.allowed) {
      return data<HistoryActionData>(
        { error: ACCOUNT_TEXTS.tooMany },
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
    return data<HistoryActionData>({ error: ACCOUNT_TEXTS.saveFailed }, { status: 500 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl: siteUrlFromMatches(matches),
    title: "Watch History",
    description: "The videos you watched on Pleazure.",
    path: paths.history(),
    noindex: true,
  });
}

const button = "rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm font-semibold hover:bg-ink-800 disabled:opacity-60";

export default function WatchHistory({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AccountShell title="Watch History">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <PauseSwitch paused={d.paused} busy={busy} />
        {d.items.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className={button} disabled={busy}>
              Clear all history
            </button>
          </Form>
        )}
      </div>
      {actionData?.error && (
        <p role="alert" className="mb-4 text-red-300">
          {actionData.error}
        </p>
      )}
      {d.paused && <p className="mb-4 text-sm text-zinc-400">History is paused: videos you watch now are not recorded.</p>}
      {d.error ? (
        <ErrorState message={ACCOUNT_TEXTS.loadFailed} />
      ) : d.items.length === 0 ? (
        <EmptyState>{ACCOUNT_TEXTS.historyEmpty}</EmptyState>
      ) : (
        <>
          <ol className="space-y-3" aria-label="Recently watched videos">
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
  return (
    <Form method="post" className="flex items-center gap-3">
      <input type="hidden" name="intent" value="pause" />
      <input type="hidden" name="paused" value={paused ? "false" : "true"} />
      <button
        type="submit"
        role="switch"
        aria-checked={paused}
        aria-label="Pause watch history"
        disabled={busy}
        className={`relative h-7 w-12 rounded-full border border-ink-700 transition ${paused ? "bg-brand-600" : "bg-ink-800"}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 h-5.5 w-5.5 rounded-full bg-white transition-all ${paused ? "left-6" : "left-0.5"}`}
        />
      </button>
      <span aria-hidden="true" className="text-sm font-medium">
        Pause watch history
      </span>
    </Form>
  );
}

function HistoryRow({ item, busy }: { item: HistoryItem; busy: boolean }) {
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
          <img src={item.thumbnail_url} alt="" width={160} height={90} loading="lazy" className="aspect-video w-full object-cover" />
        ) : (
          <div className="aspect-video w-full bg-gradient-to-br from-ink-700 to-ink-900" />
        )}
        <span className="absolute inset-x-0 bottom-0 h-1 bg-black/60">
          <span className="block h-full bg-brand-500" style={{ width: `${progress}%` }} />
        </span>
      </Link>
      <div className="min-w-0 flex-1">
        <h2 className="line-clamp-2 font-semibold">
          <Link to={paths.video(item.id)} className="hover:text-brand-300">
            {item.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          Stopped at <span className="tabular-nums">{formatDuration(item.position)}</span> of{" "}
          <span className="tabular-nums">{formatDuration(item.duration)}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={item.watchedAt} title={formatLongDate(item.watchedAt)} suppressHydrationWarning>
            {formatRelativeTime(item.watchedAt)}
          </time>
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="videoId" value={item.id} />
        <button type="submit" className={button} disabled={busy} aria-label={`Remove ${item.title} from history`}>
          Remove
        </button>
      </Form>
    </li>
  );
}
