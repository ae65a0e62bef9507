import { data, redirect } from "react-router";
import { ContactInbox } from "~/components/admin/ContactInbox";
import { consoleRequest } from "~/lib/console-request.server";
import { done, refused, unreadable } from "~/lib/console-result";
import { routeInput } from "~/lib/route-contract.server";
import { messageActionForm, messageListQuery } from "~core/console-moderation-schema";
import { clampPage, totalPages } from "~core/pagination";
import { paths } from "~core/paths";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import {
  ContactMessageNotFoundError,
  countUnreadContactMessages,
  deleteContactMessage,
  listContactMessages,
  MESSAGES_PER_PAGE,
  setContactMessageRead,
} from "../../../server/services/contact-inbox";
import type { Route } from "./+types/messages";

/** How much of a message the inbox list shows. */
const PREVIEW_CHARS = 160;

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: messageListQuery, form: messageActionForm },
});

export async function loader(args: Route.LoaderArgs) {
  const query = routeInput(args.context, contract).query;
  let [found, unread] = await Promise.all([listContactMessages({ search: query.q, page: query.page }), countUnreadContactMessages()]);
  const pageCount = totalPages(found.total, MESSAGES_PER_PAGE);
  const page = clampPage(query.page, pageCount);
  if (page !== query.page) found = await listContactMessages({ search: query.q, page });
  return data({
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
  });
}

export function meta() {
  return [{ title: "Messages | Console" }];
}

/** Read, unread and delete, from the list (fetchers) or from an open message (a form that comes back here). */
export async function action(args: Route.ActionArgs) {
  const begun = await consoleRequest(args, unreadable, { schema: contract.input.form });
  if (!begun.ok) return begun.answer;
  const { actor, form: posted, fields: form } = begun;
  try {
    if (form.intent === "delete") await deleteContactMessage(form.messageId, actor);
    else await setContactMessageRead(form.messageId, form.intent === "read", actor);
  } catch (err) {
    if (err instanceof ContactMessageNotFoundError) return refused(404, { intent: form.intent, id: form.messageId, message: err.message });
    throw err;
  }
  // A form posted from an open message returns to the inbox (a fetcher gets the answer instead).
  if (posted.get("from") === "message") throw redirect(paths.admin.messages());
  return done(form.intent, form.messageId);
}

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  return <ContactInbox {...loaderData} />;
}
