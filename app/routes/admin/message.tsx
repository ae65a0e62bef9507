import { data } from "react-router";
import { ContactMessageView } from "~/components/admin/ContactInbox";
import { routeInput } from "~/lib/route-contract.server";
import { notFound } from "~/lib/route-input";
import { messageParams } from "~core/console-moderation-schema";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { ContactMessageNotFoundError, openContactMessage } from "../../../server/services/contact-inbox";
import type { Route } from "./+types/message";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { params: messageParams },
});

/** One contact message; opening it marks it read (not audited: see server/services/contact-inbox.ts). */
export async function loader(args: Route.LoaderArgs) {
  const { messageId } = routeInput(args.context, contract).params;
  const message = await openContactMessage(messageId).catch((err: unknown) => {
    if (err instanceof ContactMessageNotFoundError) notFound();
    throw err;
  });
  return data({ message: { ...message, createdAt: message.createdAt.toISOString(), readAt: message.readAt?.toISOString() ?? null } });
}

export function meta() {
  return [{ title: "Message | Console" }];
}

export default function MessagePage({ loaderData }: Route.ComponentProps) {
  return <ContactMessageView message={loaderData.message} />;
}
