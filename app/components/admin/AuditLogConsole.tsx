import { Form, Link } from "react-router";
import { Pagination } from "~/components/ui/Pagination";
import { auditChanges } from "~/lib/audit-diff";
import type { AuditEntry } from "~core/console-rows";
import { paths } from "~core/paths";
import { fieldClass as field, primaryButton, SectionHeader } from "./console-ui";

const when = (iso: string) => `${new Date(iso).toLocaleString("en-GB", { timeZone: "UTC" })} UTC`;

/** The filter's choices: each family of actions ("user.") and each action, plus a prefix typed into the URL. */
function actionChoices(actions: string[], current: string): { value: string; label: string }[] {
  const families = [...new Set(actions.map((a) => a.split(".")[0]).filter(Boolean))].map((f) => `${f}.`);
  const values = [...new Set([...families, ...actions])].sort();
  if (current && !values.includes(current)) values.unshift(current);
  return values.map((v) => ({ value: v, label: v.endsWith(".") ? `${v}* (all)` : v }));
}

/** The console's "Audit log" section: every admin action, newest first, filterable by action and actor. */
export function AuditLogConsole(props: {
  filter: { action: string; actor: string };
  page: number;
  pageCount: number;
  total: number;
  actions: string[];
  entries: AuditEntry<string>[];
}) {
  const { filter } = props;
  const filtered = Boolean(filter.action || filter.actor);
  const hrefFor = (page: number) =>
    `?${new URLSearchParams({ ...(filter.action ? { action: filter.action } : {}), ...(filter.actor ? { actor: filter.actor } : {}), page: String(page) })}`;
  return (
    <div className="space-y-6">
      <SectionHeader title="Audit log">
        <p>Every change made in the console: who, what, when, before and after.</p>
      </SectionHeader>

      <Form method="get" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <div>
          <label htmlFor="audit-action" className="mb-1 block text-sm font-medium">
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={filter.action} className={field}>
            <option value="">All actions</option>
            {actionChoices(props.actions, filter.action).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-actor" className="mb-1 block text-sm font-medium">
            Admin's e-mail contains
          </label>
          <input id="audit-actor" name="actor" type="search" defaultValue={filter.actor} maxLength={320} className={field} />
        </div>
        <div className="flex items-center gap-3">
          <button type="submit" className={primaryButton}>
            Filter
          </button>
          {filtered && (
            <Link to={paths.admin.audit()} className="text-sm text-zinc-300 underline hover:text-white">
              Clear
            </Link>
          )}
        </div>
      </Form>

      <p className="text-sm text-zinc-300">
        {props.total.toLocaleString("en-US")} {props.total === 1 ? "entry" : "entries"}
        {filtered && (props.total === 1 ? " matches" : " match")}
      </p>

      {props.entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-700 px-4 py-8 text-center text-sm text-zinc-300">
          {props.total > 0 ? "Nothing on this page." : filtered ? "No entries match this filter." : "No console changes recorded yet."}
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Audit entries, newest first">
          {props.entries.map((e) => (
            <li key={e.id} className="rounded-xl border border-ink-700 bg-ink-900/60 p-4 text-sm" data-audit-action={e.action}>
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <strong className="font-mono text-brand-300">{e.action}</strong>
                <span className="break-all font-semibold">{e.target}</span>
              </p>
              <p className="mt-1 text-xs text-zinc-400">
                by <span className="break-all text-zinc-200">{e.actorEmail}</span> · <time dateTime={e.at}>{when(e.at)}</time>
              </p>
              <ul className="mt-2 space-y-1 font-mono text-xs" aria-label="Changes">
                {auditChanges(e.before, e.after).map((c) => (
                  <li key={c.key ?? "value"} className="break-all">
                    {c.key && <span className="text-zinc-400">{c.key}: </span>}
                    <span className="text-zinc-300">{c.before}</span>
                    <span aria-hidden="true" className="px-1 text-zinc-400">
                      →
                    </span>
                    <span className="sr-only"> changed to </span>
                    <span className="text-zinc-100">{c.after}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <Pagination current={props.page} total={props.pageCount} hrefFor={hrefFor} />
    </div>
  );
}
