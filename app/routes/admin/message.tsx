import { data } from "react-router";
import { ContactMessageView } from "~/components/admin/ContactInbox";
import { notFound, parseParams } from "~/lib/route-input";
import { messageParams } from "~core/console-moderation-schema";
import { requireAdmin } from "../../../server/auth/session";
import { ContactMessageNotFoundError, openContactMessage } from "../../../server/services/contact-inbox";
import type { Route } from "./+types/message";
import { CONSOLE_HEADERS, consoleHeaders } from "./layout";

/** One contact message; opening it marks it read (not audited: see server/services/contact-inbox.ts). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { messageId } = parseParams(messageParams, args.params);
  const message = await openContactMessage(messageId).catch((err: unknown) => {
    if (err instanceof ContactMessageNotFoundError) notFound();
    throw err;
  });
  return data(
    { message: { ...message, createdAt: message.createdAt.toISOString(), readAt: message.readAt?.toISOString() ?? null } },
    { headers: CONSOLE_HEADERS },
  );
}

export function headers(args: Route.HeadersArgs) {
  return consoleHeaders(args);
}

export function meta() {
  return [{ title: "Message | Console" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function MessagePage({ loaderData }: Route.ComponentProps) {
  return <ContactMessageView message={loaderData.message} />;
}
