import { Form, useFetcher } from "react-router";
import { Pagination } from "~/components/ui/Pagination";
import type { UserListEntry } from "~core/console-rows";
import { type ConsoleRole, ROLE_LABELS, ROLES } from "~core/console-schema";
import { fieldClass as field, primaryButton, SectionHeader } from "./console-ui";

/** What the route's action answers (the route imports this, never the other way round). */
export type RoleActionResult =
  | { ok: true; userId: string; role: string }
  | { ok: true; userId: string; unbanned: true }
  | { ok: false; userId: string; message: string };

const secondaryButton = "rounded-lg border border-ink-700 bg-ink-800 px-3 py-2 text-sm font-semibold hover:bg-ink-700 disabled:opacity-60";

const joined = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** The console's "Users" section: search by e-mail, each user's role with a control to change it. */
export function UsersConsole(props: {
  q: string;
  page: number;
  pageCount: number;
  total: number;
  selfId: string;
  users: UserListEntry<string>[];
  actionData?: RoleActionResult;
}) {
  const hrefFor = (page: number) => `?${new URLSearchParams({ ...(props.q ? { q: props.q } : {}), page: String(page) })}`;
  const general = props.actionData && !props.actionData.ok && !props.actionData.userId ? props.actionData.message : null;
  return (
    <div className="space-y-6">
      <SectionHeader title="Users">
        <p>Creators and admins moderate comments; admins open this console. There is always at least one admin.</p>
      </SectionHeader>

      <Form method="get" role="search" className="flex max-w-xl flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="user-search" className="mb-1 block text-sm font-medium">
            Search by e-mail
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={props.q}
            maxLength={320}
            placeholder="part of an address"
            className={field}
          />
        </div>
        <button type="submit" className={primaryButton}>
          Search users
        </button>
      </Form>

      {general && (
        <p role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200">
          {general}
        </p>
      )}

      <p className="text-sm text-zinc-300" aria-live="polite">
        {`${props.total.toLocaleString("en-US")} ${props.total === 1 ? "user" : "users"}`}
        {props.q && ` whose e-mail contains “${props.q}”`}
      </p>

      {props.users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-700 px-4 py-8 text-center text-sm text-zinc-300">
          {props.total > 0 ? "Nothing on this page." : props.q ? "No user's e-mail contains this text." : "No users yet."}
        </p>
      ) : (
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-700 bg-ink-900/60" aria-label="Users">
          {props.users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              isSelf={user.id === props.selfId}
              result={props.actionData?.userId === user.id ? props.actionData : undefined}
            />
          ))}
        </ul>
      )}
      <Pagination current={props.page} total={props.pageCount} hrefFor={hrefFor} />
    </div>
  );
}

function UserRow({ user, isSelf, result }: { user: UserListEntry<string>; isSelf: boolean; result?: RoleActionResult }) {
  const fetcher = useFetcher<RoleActionResult>({ key: `role-${user.id}` });
  const shown = fetcher.state === "idle" ? (fetcher.data ?? result) : undefined;
  const error = shown && !shown.ok ? shown.message : null;
  const saved = shown?.ok ? ("role" in shown ? `Saved: ${ROLE_LABELS[shown.role as ConsoleRole] ?? shown.role}.` : "Ban lifted.") : null;
  const selectId = `role-${user.id}`;
  const messageId = `role-message-${user.id}`;
  return (
    <li className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between" data-user-email={user.email ?? ""}>
      <div className="min-w-0">
        <p className="font-semibold">
          {user.name || <span className="text-zinc-400">No name</span>}
          {isSelf && <span className="ml-2 text-xs font-normal text-zinc-400">(you)</span>}
        </p>
        <p className="break-all text-sm text-zinc-200">{user.email ?? "no e-mail"}</p>
        <p className="text-xs text-zinc-400">
          {ROLE_LABELS[user.role]} · joined <time dateTime={user.createdAt}>{joined(user.createdAt)}</time>
        </p>
        {user.ban && (
          <div className="mt-2 rounded-lg border border-red-700/60 bg-red-950/40 px-3 py-2 text-sm text-red-100">
            <p>
              <strong>Banned</strong> from commenting, liking and publishing playlists since{" "}
              <time dateTime={user.ban.at}>{joined(user.ban.at)}</time>: {user.ban.reason}
            </p>
            <fetcher.Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="unban" />
              <input type="hidden" name="userId" value={user.id} />
              <button type="submit" className={secondaryButton} disabled={fetcher.state !== "idle"}>
                Lift ban<span className="sr-only"> of {user.email ?? "this user"}</span>
              </button>
            </fetcher.Form>
          </div>
        )}
      </div>
      <div className="md:w-72">
        <fetcher.Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="userId" value={user.id} />
          <div className="min-w-0 flex-1">
            <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-zinc-300">
              Role of {user.email ?? "this user"}
            </label>
            <select
              id={selectId}
              name="role"
              defaultValue={user.role}
              key={user.role}
              aria-invalid={Boolean(error)}
              aria-describedby={error || saved ? messageId : undefined}
              className={field}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButton} disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving…" : "Save"}
          </button>
        </fetcher.Form>
        {error && (
          <p id={messageId} role="alert" className="mt-1 text-sm text-red-300">
            {error}
          </p>
        )}
        {saved && (
          <p id={messageId} role="status" className="mt-1 text-sm text-emerald-300">
            {saved}
          </p>
        )}
      </div>
    </li>
  );
}
