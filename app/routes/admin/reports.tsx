import { data } from "react-router";
import { BurstRestore } from "~/components/admin/BurstRestore";
import { ReportQueue } from "~/components/admin/ReportQueue";
import { consoleRequest } from "~/lib/console-request.server";
import { done, refused, unreadable } from "~/lib/console-result";
import { routeInput } from "~/lib/route-contract.server";
import { firstMessages } from "~core/contact-schema";
import { clampPage, totalPages } from "~core/pagination";
import { formStrings, parseForm } from "~core/params";
import { burstRestoreForm, moderationDecisionForm, moderationNoteProblem, reportQueueForm, reportQueueQuery } from "~core/report-schema";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import type { Actor } from "../../../server/services/audit-log";
import { decideReportedItem, ModerationRefusedError, QueueItemNotFoundError } from "../../../server/services/moderation-decisions";
import { listReportQueue, QUEUE_ITEMS_PER_PAGE } from "../../../server/services/moderation-queue";
import { hidingBudget } from "../../../server/services/report-budget";
import { hidingNetworks, restoreBurst } from "../../../server/services/report-bursts";
import type { Route } from "./+types/reports";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: reportQueueQuery, form: reportQueueForm },
});

export async function loader(args: Route.LoaderArgs) {
  const { page: requested } = routeInput(args.context, contract).query;
  let found = await listReportQueue(requested);
  const pageCount = totalPages(found.total, QUEUE_ITEMS_PER_PAGE);
  const page = clampPage(requested, pageCount);
  // Past the last page (after deciding the last item of it): the last page that exists.
  if (page !== requested) found = await listReportQueue(page);
  const now = new Date();
  const networks = await hidingNetworks(new Date(now.getTime() - 24 * 3_600_000));
  return data({
    budget: hidingBudget(),
    networks: networks.map((n) => ({ ...n, first: n.first.toISOString(), last: n.last.toISOString() })),
    page,
    pageCount,
    total: found.total,
    now: now.toISOString(),
    items: found.items.map((item) => ({
      ...item,
      firstReportedAt: item.firstReportedAt.toISOString(),
      reports: item.reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    })),
  });
}

export function meta() {
  return [{ title: "Reports | Console" }];
}

export async function action(args: Route.ActionArgs) {
  // Two forms post here (a decision, a burst restore), each with its schema: parsed once the intent is known.
  const begun = await consoleRequest(args, unreadable);
  if (!begun.ok) return begun.answer;
  const { actor, form: posted } = begun;
  if (posted.get("intent") === "restore-burst") return restoreBurstAction(posted, actor);
  const form = parseForm(moderationDecisionForm, posted);
  if (!form) return unreadable(400, posted.get("intent"));
  const id = `${form.targetType}:${form.targetId}`;
  const problem = moderationNoteProblem(form.note);
  if (problem) return refused(400, { intent: form.intent, id, fieldErrors: { note: problem }, message: problem });
  try {
    await decideReportedItem({ type: form.targetType, id: form.targetId }, form.intent, form.note, actor);
    return done(form.intent, id);
  } catch (err) {
    if (err instanceof QueueItemNotFoundError) return refused(409, { intent: form.intent, id, message: err.message });
    if (err instanceof ModerationRefusedError) return refused(409, { intent: form.intent, id, message: err.message });
    throw err;
  }
}

/** One step for a burst of bad-faith reports (server/services/report-bursts.ts): field messages, or what it did. */
async function restoreBurstAction(form: FormData, actor: Actor) {
  const raw = formStrings(form, Object.keys(burstRestoreForm.shape));
  if (!raw) return unreadable(400, "restore-burst");
  const parsed = burstRestoreForm.safeParse(raw);
  const fieldErrors = firstMessages(parsed.error?.issues ?? []);
  const noteProblem = moderationNoteProblem((raw.note ?? "").trim());
  if (noteProblem) fieldErrors.note ??= noteProblem;
  if (!parsed.success || noteProblem) return refused(400, { intent: "restore-burst", fieldErrors, message: "Some fields need attention." });
  const { from, to, network } = parsed.data;
  const outcome = await restoreBurst({ from, to, network }, parsed.data.note, actor);
  return data({ intent: "restore-burst", ok: true as const, ...outcome });
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { budget, networks, ...queue } = loaderData;
  return <ReportQueue {...queue} burst={<BurstRestore budget={budget} networks={networks} />} />;
}
