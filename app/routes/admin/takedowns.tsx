import { data } from "react-router";
import { TakedownQueue } from "~/components/admin/TakedownQueue";
import { consoleRequest } from "~/lib/console-request.server";
import { done, refused, unreadable } from "~/lib/console-result";
import { routeViewer } from "~/lib/route-contract.server";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { takedownActionForm } from "~core/takedown-schema";
import { StorageUnavailableError } from "../../../server/media/storage";
import { AppealError, decideAppeal, fileAppeal, listOpenAppeals, listRemovedUploads } from "../../../server/services/appeals";
import { listTakedowns } from "../../../server/services/takedown-queue";
import { resolveTakedown, TakedownError } from "../../../server/services/takedown-resolution";
import type { Route } from "./+types/takedowns";

/**
 * The console's takedown queue (issue 22, item 3): open requests on their 48-hour clock (due soonest first,
 * overdue ones marked in words and colour), resolving (removed goes through removeVideo), appeals to decide,
 * and the viewer's own removed uploads to appeal. Plain POST forms: all of it works without JavaScript.
 */

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { form: takedownActionForm },
});

export async function loader(args: Route.LoaderArgs) {
  const viewer = routeViewer(args.context);
  const actor = { id: viewer.id, email: viewer.email };
  const [queue, appeals, mine] = await Promise.all([listTakedowns(), listOpenAppeals(actor), listRemovedUploads(viewer.id)]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const entry = (e: (typeof queue.open)[number]) => ({
    ...e,
    createdAt: e.createdAt.toISOString(),
    dueAt: e.dueAt.toISOString(),
    resolvedAt: iso(e.resolvedAt),
  });
  return data({
    now: queue.now.toISOString(),
    open: queue.open.map(entry),
    resolved: queue.resolved.map(entry),
    appeals: appeals.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    mine: mine.map((m) => ({ ...m, removedAt: m.removedAt.toISOString() })),
  });
}

export function meta() {
  return [{ title: "Takedowns | Console" }];
}

export async function action(args: Route.ActionArgs) {
  const begun = await consoleRequest(args, unreadable, { schema: contract.input.form });
  if (!begun.ok) return begun.answer;
  const { actor, fields: form } = begun;
  const id = form.intent === "resolve" ? form.requestId : form.videoId;
  try {
    if (form.intent === "resolve") {
      if (form.decision !== "removed" && form.decision !== "rejected")
        return refused(400, { intent: form.intent, id, message: "Choose removed or rejected." });
      await resolveTakedown(form.requestId, { decision: form.decision, note: form.note, videoId: form.videoId.trim() || null }, actor);
    } else if (form.intent === "appeal") {
      await fileAppeal(form.videoId, form.note, actor);
    } else {
      if (form.decision !== "upheld" && form.decision !== "reversed")
        return refused(400, { intent: form.intent, id, message: "Choose uphold or reverse." });
      await decideAppeal(form.videoId, form.decision, form.note, actor);
    }
    return done(form.intent, id);
  } catch (err) {
    if (err instanceof TakedownError || err instanceof AppealError)
      return refused(err.status, { intent: form.intent, id, message: err.message });
    // The video is unpublished already; its media could not be hashed or deleted yet: resolving again finishes.
    if (err instanceof StorageUnavailableError)
      return refused(
        503,
        {
          intent: form.intent,
          id,
          message: "The media storage cannot be reached: the video is unpublished; resolve again in a minute to finish.",
        },
        { "Retry-After": "30" },
      );
    throw err;
  }
}

export default function TakedownsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <TakedownQueue {...loaderData} result={actionData} />;
}
