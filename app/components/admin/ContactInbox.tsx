import { Form, Link, useFetcher } from "react-router";
import { Pagination } from "~/components/ui/Pagination";
import type { ConsoleActionResult } from "~/lib/console-result";
import type { InboxMessage } from "~core/console-rows";
import { paths } from "~core/paths";
import { ActionError, Badge, dangerButton, fieldClass, formatWhen, primaryButton, SectionHeader, secondaryButton } from "./console-ui";

// The page's own shape, not core/console-rows.ts: the route cuts the message to a preview and reads read_at as `read`.
interface MessageRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  preview: string;
  createdAt: string;
  read: boolean;
}

/** The console's "Messages" section: the contact form's inbox, newest first. */
export function ContactInbox(props: { q: string; page: number; pageCount: number; total: number; unread: number; messages: MessageRow[] }) {
  const hrefFor = (page: number) => paths.admin.messages({ q: props.q, page });
  return (
    <div>
      <SectionHeader title="Messages">
        <p>
          What visitors sent through the contact form. <strong className="text-zinc-100">{props.unread} unread</strong>. Opening a message
          marks it read.
        </p>
      </SectionHeader>

      <Form method="get" role="search" aria-label="Search messages" className="mb-6 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="message-search" className="mb-1 block text-sm text-zinc-300">
            Search name, e-mail, subject or text
          </label>
          <input id="message-search" name="q" type="search" defaultValue={props.q} maxLength={200} className={fieldClass} />
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
        {props.q && (
          <Link to={paths.admin.messages()} className={`${secondaryButton} py-2`}>
            Clear
          </Link>
        )}
      </Form>

      {props.messages.length === 0 ? (
        <p className="rounded-xl border border-ink-700 bg-ink-900/60 p-6 text-sm text-zinc-300">
          {props.q ? "No message matches this search." : "The inbox is empty."}
        </p>
      ) : (
        <ul aria-label="Messages" className="space-y-3">
          {props.messages.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ul>
      )}
      <Pagination current={props.page} total={props.pageCount} hrefFor={hrefFor} />
    </div>
  );
}

function MessageItem({ message: m }: { message: MessageRow }) {
  const mark = useFetcher<ConsoleActionResult>({ key: `message-read-${m.id}` });
  const remove = useFetcher<ConsoleActionResult>({ key: `message-delete-${m.id}` });
  const pendingIntent = mark.formData?.get("intent");
  const read = pendingIntent ? pendingIntent === "read" : m.read;
  const failed = [mark, remove].find((f) => f.state === "idle" && f.data && !f.data.ok)?.data;
  const error = failed && !failed.ok ? failed.message : null;
  if (remove.state !== "idle") return null; // on its way out
  return (
    <li
      data-message-id={m.id}
      data-read={read}
      className={`rounded-xl border p-4 ${read ? "border-ink-700 bg-ink-900/40" : "border-brand-600/70 bg-ink-900"}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {read ? <Badge tone="muted">Read</Badge> : <Badge tone="info">Unread</Badge>}
        <span className="break-all text-zinc-200">
          {m.name} &lt;{m.email}&gt;
        </span>
        <time dateTime={m.createdAt} className="text-zinc-400">
          {formatWhen(m.createdAt)}
        </time>
      </div>
      <h2 className={`mt-2 break-words text-base ${read ? "font-medium text-zinc-200" : "font-bold text-white"}`}>
        <Link to={paths.admin.message(m.id)} className="hover:underline">
          {m.subject}
        </Link>
      </h2>
      <p className="mt-1 line-clamp-2 whitespace-pre-wrap break-words text-sm text-zinc-300">{m.preview}</p>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <mark.Form method="post">
          <input type="hidden" name="messageId" value={m.id} />
          <input type="hidden" name="intent" value={read ? "unread" : "read"} />
          <button
            type="submit"
            className={secondaryButton}
            disabled={mark.state !== "idle"}
            aria-label={`${read ? "Mark unread" : "Mark read"}: ${m.subject}`}
          >
            {read ? "Mark unread" : "Mark read"}
          </button>
        </mark.Form>
        <DeleteMessage fetcher={remove} id={m.id} subject={m.subject} />
      </div>
      <ActionError message={error} />
    </li>
  );
}

/** Delete behind a confirmation that also works without JavaScript (a disclosure holding the real button). */
function DeleteMessage({
  fetcher,
  id,
  subject,
  fromMessage = false,
}: {
  fetcher?: ReturnType<typeof useFetcher<ConsoleActionResult>>;
  id: string;
  subject: string;
  fromMessage?: boolean;
}) {
  const FormComponent = fetcher ? fetcher.Form : Form;
  return (
    <details className="group">
      <summary className={`${secondaryButton} cursor-pointer list-none text-red-200`}>
        Delete…<span className="sr-only"> {subject}</span>
      </summary>
      <FormComponent
        method="post"
        action={paths.admin.messages()}
        className="mt-2 flex flex-wrap items-center gap-2 rounded-lg border border-red-800/60 bg-red-950/40 p-3"
      >
        <input type="hidden" name="messageId" value={id} />
        <input type="hidden" name="intent" value="delete" />
        {fromMessage && <input type="hidden" name="from" value="message" />}
        <p className="text-sm text-red-100">Delete this message for good?</p>
        <button type="submit" className={dangerButton}>
          Delete message
        </button>
      </FormComponent>
    </details>
  );
}

/** One message, opened (and so marked read). */
export function ContactMessageView({ message: m }: { message: InboxMessage<string> }) {
  return (
    <article aria-labelledby="message-subject">
      <p className="mb-4">
        <Link to={paths.admin.messages()} className="text-sm text-brand-300 hover:underline">
          ← Back to messages
        </Link>
      </p>
      <h1 id="message-subject" className="break-words text-2xl font-bold">
        {m.subject}
      </h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-400">From</dt>
        <dd className="break-all text-zinc-100">
          {m.name} &lt;
          <a href={`mailto:${m.email}`} className="text-brand-300 hover:underline">
            {m.email}
          </a>
          &gt;
        </dd>
        <dt className="text-zinc-400">Received</dt>
        <dd className="text-zinc-100">
          <time dateTime={m.createdAt}>{formatWhen(m.createdAt)}</time>
        </dd>
      </dl>
      <div className="mt-6 whitespace-pre-wrap break-words rounded-xl border border-ink-700 bg-ink-900/60 p-4 text-sm leading-relaxed text-zinc-100">
        {m.message}
      </div>
      <div className="mt-6 flex flex-wrap items-start gap-2">
        <Form method="post" action={paths.admin.messages()}>
          <input type="hidden" name="messageId" value={m.id} />
          <input type="hidden" name="intent" value="unread" />
          <input type="hidden" name="from" value="message" />
          <button type="submit" className={secondaryButton}>
            Mark unread
          </button>
        </Form>
        <DeleteMessage id={m.id} subject={m.subject} fromMessage />
      </div>
    </article>
  );
}
