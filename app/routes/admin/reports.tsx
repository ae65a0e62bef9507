import { data } from "react-router";
import { ReportQueue } from "~/components/admin/ReportQueue";
import { consoleAction } from "~/lib/console-action.server";
import { routeInput } from "~/lib/route-contract.server";
import { routeHeaders } from "~/lib/route-headers";
import { clampPage, totalPages } from "~core/pagination";
import { parseForm } from "~core/params";
import { moderationDecisionForm, moderationNoteProblem, reportQueueQuery } from "~core/report-schema";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import {
  decideReportedItem,
  listReportQueue,
  ModerationRefusedError,
  QUEUE_ITEMS_PER_PAGE,
  QueueItemNotFoundError,
} from "../../../server/services/moderation-queue";
import type { Route } from "./+types/reports";
import { done, refused, unreadable } from "./console-action.server";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: reportQueueQuery, form: moderationDecisionForm },
});

export async function loader(args: Route.LoaderArgs) {
  const { page: requested } = routeInput(args.context, contract).query;
  let found = await listReportQueue(requested);
  const pageCount = totalPages(found.total, QUEUE_ITEMS_PER_PAGE);
  const page = clampPage(requested, pageCount);
  // Past the last page (after deciding the last item of it): the last page that exists.
  if (page !== requested) found = await listReportQueue(page);
  return data({
    page,
    pageCount,
    total: found.total,
    now: new Date().toISOString(),
    items: found.items.map((item) => ({
      ...item,
      firstReportedAt: item.firstReportedAt.toISOString(),
      reports: item.reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    })),
  });
}

export const headers = routeHeaders;

export function meta() {
  return [{ title: "Reports | Console" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function action(args: Route.ActionArgs) {
  const { actor, body } = await consoleAction(args);
  if (!body.ok) return refused(body.status, { intent: "", message: "The form could not be read." }, body.headers);
  const form = parseForm(contract.input.form, body.form);
  if (!form) return unreadable(body.form.get("intent"));
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

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  return <ReportQueue {...loaderData} />;
}
