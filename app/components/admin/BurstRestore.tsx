import { useFetcher } from "react-router";
import type { HidingNetwork } from "~core/console-rows";
import { BURST_WINDOW_MAX_HOURS, MODERATION_NOTE } from "~core/report-schema";
import { ActionError, fieldClass, fieldErrorClass, formatWhen, secondaryButton } from "./console-ui";

type BurstAnswer =
  | { intent: "restore-burst"; ok: true; restored: number; closed: number }
  | { intent: string; ok: false; fieldErrors: Record<string, string>; message: string | null };

/** `2026-11-28T05:07:31.000Z` as a `datetime-local` value in UTC, to the minute. */
const utcField = (iso: string) => iso.slice(0, 16);

/**
 * The queue's "Restore a burst" (issue 32 item 2, server/services/report-bursts.ts): the networks whose reports hid
 * items in the last 24 hours, and one form that shows again everything a burst hid and closes its reports.
 */
export function BurstRestore({
  budget,
  networks,
}: {
  budget: { perHour: number; perNetworkPerHour: number };
  networks: HidingNetwork<string>[];
}) {
  const fetcher = useFetcher<BurstAnswer>({ key: "restore-burst" });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = answer && !answer.ok ? answer.fieldErrors : {};
  const first = networks[0];
  const field = (name: string) => ({
    id: `burst-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `burst-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`burst-${name}-error`} className={fieldErrorClass}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <section aria-labelledby="burst-heading" className="mt-10 rounded-xl border border-ink-700 bg-ink-900/60 p-4">
      <h2 id="burst-heading" className="text-lg font-semibold text-zinc-100">
        Restore a burst
      </h2>
      <p className="mt-1 text-sm text-zinc-300">
        Visitors and new accounts hide at most {budget.perHour} items an hour, {budget.perNetworkPerHour} from one network; past that,
        reports queue without hiding and you get one e-mail. If a burst was in bad faith, show again everything it hid and close its reports
        in one step (audited). Reports from accounts in good standing are never part of a burst.
      </p>
      <h3 className="mt-4 text-sm font-semibold text-zinc-200">Networks that hid items in the last 24 hours</h3>
      {networks.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-400">None.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-zinc-400">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Network
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Hidden
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Over budget
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  From
                </th>
                <th scope="col" className="py-1 font-medium">
                  To
                </th>
              </tr>
            </thead>
            <tbody className="text-zinc-200">
              {networks.map((n) => (
                <tr key={n.network} className="border-t border-ink-800">
                  <td className="py-1 pr-4 font-mono">{n.network}</td>
                  <td className="py-1 pr-4">{n.hid}</td>
                  <td className="py-1 pr-4">{n.overBudget}</td>
                  <td className="py-1 pr-4">
                    <time dateTime={n.first}>{formatWhen(n.first)}</time>
                  </td>
                  <td className="py-1">
                    <time dateTime={n.last}>{formatWhen(n.last)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <fetcher.Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Restore a burst">
        <input type="hidden" name="intent" value="restore-burst" />
        <div>
          <label htmlFor="burst-from" className="block text-sm text-zinc-300">
            From (UTC)
          </label>
          <input
            type="datetime-local"
            required
            defaultValue={first ? utcField(first.first) : undefined}
            className={fieldClass}
            {...field("from")}
          />
          {error("from")}
        </div>
        <div>
          <label htmlFor="burst-to" className="block text-sm text-zinc-300">
            To (UTC, at most {BURST_WINDOW_MAX_HOURS} hours later)
          </label>
          <input
            type="datetime-local"
            required
            defaultValue={first ? utcField(new Date(Date.parse(first.last) + 60_000).toISOString()) : undefined}
            className={fieldClass}
            {...field("to")}
          />
          {error("to")}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="burst-network" className="block text-sm text-zinc-300">
            Network (empty: every network)
          </label>
          <input
            type="text"
            defaultValue={first?.network ?? ""}
            placeholder="203.0.113.0/24"
            spellCheck={false}
            className={`${fieldClass} font-mono`}
            {...field("network")}
          />
          {error("network")}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="burst-note" className="block text-sm text-zinc-300">
            Reason for your decision
          </label>
          <textarea
            rows={2}
            required
            minLength={MODERATION_NOTE.min}
            maxLength={MODERATION_NOTE.max}
            className={fieldClass}
            {...field("note")}
          />
          {error("note")}
        </div>
        <div className="sm:col-span-2 flex flex-wrap items-center gap-3">
          <button type="submit" className={secondaryButton} disabled={busy}>
            {busy ? "Restoring..." : "Restore the burst"}
          </button>
          <p role="status" className="text-sm text-zinc-300">
            {answer?.ok ? `Shown again: ${answer.restored} item${answer.restored === 1 ? "" : "s"}; reports closed: ${answer.closed}.` : ""}
          </p>
        </div>
        {answer && !answer.ok && <ActionError message={answer.message} />}
      </fetcher.Form>
    </section>
  );
}
