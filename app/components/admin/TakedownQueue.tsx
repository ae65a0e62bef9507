import { Form, Link, useNavigation } from "react-router";
import type { ConsoleActionResult } from "~/lib/console-result";
import type { OpenAppeal, QueueEntry, RemovedVideo } from "~core/console-rows";
import { paths } from "~core/paths";
import { TAKEDOWN_HOURS, takedownClock } from "~core/takedown-clock";
import { TAKEDOWN_KINDS } from "~core/takedown-schema";
import { ActionError, Badge, dangerButton, fieldClass, formatWhen, primaryButton, SectionHeader, secondaryButton } from "./console-ui";

interface Props {
  now: string;
  open: QueueEntry<string>[];
  resolved: QueueEntry<string>[];
  appeals: OpenAppeal<string>[];
  mine: RemovedVideo<string>[];
  result?: ConsoleActionResult;
}

const kindLabel = (kind: string) => TAKEDOWN_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** The result of the last action, next to the item it was about (or at the top). */
function Outcome({ result, id }: { result?: ConsoleActionResult; id: string }) {
  if (!result || result.id !== id) return null;
  if (!result.ok) return <ActionError message={result.message} />;
  return (
    <p role="status" className="mt-2 text-sm text-emerald-300">
      Done.
    </p>
  );
}

export function TakedownQueue({ now, open, resolved, appeals, mine, result }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const clockNow = new Date(now);
  return (
    <div className="space-y-10">
      <SectionHeader title="Takedown requests">
        <p>
          Valid requests must be acted on within {TAKEDOWN_HOURS} hours. Due soonest first; overdue requests are marked and e-mailed to
          every admin once.
        </p>
      </SectionHeader>
      {result && !result.ok && !result.id && <ActionError message={result.message} />}

      <section aria-labelledby="open-heading" className="space-y-4">
        <h2 id="open-heading" className="text-lg font-semibold">
          Open ({open.length})
        </h2>
        {open.length === 0 && <p className="text-zinc-300">No open requests.</p>}
        <ul className="space-y-4">
          {open.map((r) => {
            const clock = takedownClock(new Date(r.dueAt), clockNow);
            return (
              <li
                key={r.id}
                data-testid="takedown-request"
                data-overdue={clock.overdue ? "true" : undefined}
                className={`rounded-xl border p-4 ${clock.overdue ? "border-red-600 border-l-8 bg-red-950/30" : "border-ink-700 bg-ink-900"}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-mono text-base font-semibold">{r.reference}</h3>
                  <p className="text-sm font-semibold" data-testid="takedown-clock">
                    {clock.overdue ? <Badge tone="warn">⚠ {clock.text}</Badge> : <Badge tone="info">⏱ {clock.text}</Badge>}
                  </p>
                </div>
                <p className="mt-1 text-sm text-zinc-300">
                  {kindLabel(r.kind)} · received {formatWhen(r.createdAt)} · due {formatWhen(r.dueAt)}
                </p>
                <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
                  <dt className="text-zinc-400">Requester</dt>
                  <dd className="break-words">
                    {r.name} &lt;{r.email}&gt;
                  </dd>
                  <dt className="text-zinc-400">Signature</dt>
                  <dd className="break-words">{r.signature}</dd>
                  <dt className="text-zinc-400">Addresses</dt>
                  <dd className="break-all">
                    {r.urls.map((u) => (
                      <span key={u} className="block">
                        {u}
                      </span>
                    ))}
                  </dd>
                  <dt className="text-zinc-400">Description</dt>
                  <dd className="whitespace-pre-wrap break-words">{r.description}</dd>
                  <dt className="text-zinc-400">Video</dt>
                  <dd>
                    {r.videoId ? (
                      <>
                        <Link to={paths.admin.video(r.videoId)} className="text-brand-300 underline">
                          {r.videoTitle ?? r.videoId}
                        </Link>
                        {r.videoRemoved && <span className="ml-2">(already removed)</span>}
                      </>
                    ) : (
                      "None of this site's videos is linked: give its id to remove it."
                    )}
                  </dd>
                </dl>
                <Form method="post" className="mt-4 space-y-3 border-t border-ink-700 pt-3" aria-label={`Resolve ${r.reference}`}>
                  <input type="hidden" name="intent" value="resolve" />
                  <input type="hidden" name="requestId" value={r.id} />
                  <div className="grid gap-3 sm:grid-cols-2">
                    <label className="block text-sm">
                      <span className="text-zinc-300">Video id to remove</span>
                      <input name="videoId" defaultValue={r.videoId ?? ""} className={`${fieldClass} mt-1 font-mono`} />
                    </label>
                    <label className="block text-sm">
                      <span className="text-zinc-300">Note to the requester</span>
                      <textarea name="note" rows={2} className={`${fieldClass} mt-1`} />
                    </label>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" name="decision" value="removed" disabled={busy} className={dangerButton}>
                      Remove the video
                    </button>
                    <button type="submit" name="decision" value="rejected" disabled={busy} className={secondaryButton}>
                      Reject the request
                    </button>
                  </div>
                  <Outcome result={result} id={r.id} />
                </Form>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="appeals-heading" className="space-y-4">
        <h2 id="appeals-heading" className="text-lg font-semibold">
          Appeals to decide ({appeals.length})
        </h2>
        {appeals.length === 0 && <p className="text-zinc-300">No open appeals.</p>}
        <ul className="space-y-4">
          {appeals.map((a) => (
            <li key={a.videoId} data-testid="appeal" className="rounded-xl border border-ink-700 bg-ink-900 p-4">
              <h3 className="font-semibold">{a.title}</h3>
              <p className="mt-1 text-sm text-zinc-300">
                Appealed by {a.appellantEmail ?? "a deleted account"} on {formatWhen(a.createdAt)}; removed by{" "}
                {a.removedByEmail ?? "unknown"}
                {a.removedReason ? ` (${a.removedReason})` : ""}.
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words text-sm">{a.statement}</p>
              {a.mayDecide ? (
                <Form method="post" className="mt-3 space-y-2" aria-label={`Decide the appeal for ${a.title}`}>
                  <input type="hidden" name="intent" value="decide" />
                  <input type="hidden" name="videoId" value={a.videoId} />
                  <label className="block text-sm">
                    <span className="text-zinc-300">Note to the uploader</span>
                    <textarea name="note" rows={2} className={`${fieldClass} mt-1`} />
                  </label>
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" name="decision" value="upheld" disabled={busy} className={secondaryButton}>
                      Uphold the removal
                    </button>
                    <button type="submit" name="decision" value="reversed" disabled={busy} className={primaryButton}>
                      Reverse (allow the file again)
                    </button>
                  </div>
                </Form>
              ) : (
                <p className="mt-3 text-sm text-zinc-300">You removed this video or filed this appeal: another admin decides it.</p>
              )}
              <Outcome result={result} id={a.videoId} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="mine-heading" className="space-y-4">
        <h2 id="mine-heading" className="text-lg font-semibold">
          Your removed uploads ({mine.length})
        </h2>
        {mine.length === 0 && <p className="text-zinc-300">None of your uploads has been removed.</p>}
        <ul className="space-y-4">
          {mine.map((m) => (
            <li key={m.id} data-testid="removed-upload" className="rounded-xl border border-ink-700 bg-ink-900 p-4">
              <h3 className="font-semibold">{m.title}</h3>
              <p className="mt-1 text-sm text-zinc-300">
                Removed {formatWhen(m.removedAt)}
                {m.removedReason ? `: ${m.removedReason}` : ""}
              </p>
              {m.appeal ? (
                <p className="mt-2 text-sm">
                  Appeal{" "}
                  {m.appeal.status === "open"
                    ? "waiting for another admin's decision"
                    : m.appeal.status === "reversed"
                      ? "accepted: you may upload the file again"
                      : "not accepted: the removal stands"}
                  {m.appeal.decisionNote ? ` (${m.appeal.decisionNote})` : ""}. An appeal can be made once.
                </p>
              ) : (
                <Form method="post" className="mt-3 space-y-2" aria-label={`Appeal the removal of ${m.title}`}>
                  <input type="hidden" name="intent" value="appeal" />
                  <input type="hidden" name="videoId" value={m.id} />
                  <label className="block text-sm">
                    <span className="text-zinc-300">Why should the removal be reversed? (once only)</span>
                    <textarea name="note" rows={3} required minLength={10} className={`${fieldClass} mt-1`} />
                  </label>
                  <button type="submit" disabled={busy} className={primaryButton}>
                    Send the appeal
                  </button>
                </Form>
              )}
              <Outcome result={result} id={m.id} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="resolved-heading" className="space-y-3">
        <h2 id="resolved-heading" className="text-lg font-semibold">
          Recently resolved
        </h2>
        {resolved.length === 0 && <p className="text-zinc-300">Nothing resolved yet.</p>}
        <ul className="divide-y divide-ink-700 text-sm">
          {resolved.map((r) => {
            const late = r.resolvedAt !== null && new Date(r.resolvedAt) > new Date(r.dueAt);
            return (
              <li key={r.id} className="flex flex-wrap gap-x-4 py-2" data-testid="takedown-resolved">
                <span className="font-mono">{r.reference}</span>
                <Badge tone={r.status === "removed" ? "warn" : "muted"}>{r.status}</Badge>
                <span>
                  {r.resolvedAt ? formatWhen(r.resolvedAt) : ""} by {r.resolvedBy ?? "unknown"}
                  {late ? " (after the deadline)" : ""}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
