import { data, redirect } from "react-router";
import { ContactInbox } from "~/components/admin/ContactInbox";
import { parseQuery } from "~/lib/route-input";
import { messageActionForm, messageListQuery } from "~core/console-moderation-schema";
import { clampPage, totalPages } from "~core/pagination";
import { parseForm } from "~core/params";
import { requireAdmin } from "../../../server/auth/session";
import {
  ContactMessageNotFoundError,
  countUnreadContactMessages,
  deleteContactMessage,
  listContactMessages,
  MESSAGES_PER_PAGE,
  setContactMessageRead,
} from "../../../server/services/contact-inbox";
import type { Route } from "./+types/messages";
import { beginConsoleAction, done, refused, unreadable } from "./console-action.server";
import { CONSOLE_HEADERS, consoleHeaders } from "./layout";

/** How much of a message the inbox list shows. */
const PREVIEW_CHARS = 160;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const query = parseQuery(messageListQuery, args.request);
  let [found, unread] = await Promise.all([listContactMessages({ search: query.q, page: query.page }), countUnreadContactMessages()]);
  const pageCount = totalPages(found.total, MESSAGES_PER_PAGE);
  const page = clampPage(query.page, pageCount);
  if (page !== query.page) found = await listContactMessages({ search: query.q, page });
  return data(
    {
      q: query.q,
      page,
      pageCount,
      total: found.total,
      unread,
      messages: found.messages.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        subject: m.subject,
        preview: m.message.length > PREVIEW_CHARS ? `${m.message.slice(0, PREVIEW_CHARS)}…` : m.message,
        createdAt: m.createdAt.toISOString(),
        read: m.readAt !== null,
      })),
    },
    { headers: CONSOLE_HEADERS },
  );
}

export function headers(args: Route.HeadersArgs) {
  return consoleHeaders(args);
}

export function meta() {
  return [{ title: "Messages | Console" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Read, unread and delete, from the list (fetchers) or from an open message (a form that comes back here). */
export async function action(args: Route.ActionArgs) {
  const begun = await beginConsoleAction(args);
  if ("refusal" in begun) return begun.refusal;
  const form = parseForm(messageActionForm, begun.form);
  if (!form) return unreadable(begun.form.get("intent"));
  try {
    if (form.intent === "delete") await deleteContactMessage(form.messageId, begun.actor);
    else await setContactMessageRead(form.messageId, form.intent === "read", begun.actor);
  } catch (err) {
    if (err instanceof ContactMessageNotFoundError) return refused(404, { intent: form.intent, id: form.messageId, message: err.message });
    throw err;
  }
  // A form posted from an open message returns to the inbox (a fetcher gets the answer instead).
  if (begun.form.get("from") === "message") throw redirect("/admin/messages", { headers: CONSOLE_HEADERS });
  return done(form.intent, form.messageId);
}

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  return <ContactInbox {...loaderData} />;
}
