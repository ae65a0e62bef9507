import { data } from "react-router";
import { AuditLogConsole } from "~/components/admin/AuditLogConsole";
import { routeInput } from "~/lib/route-contract.server";
import { auditQuery } from "~core/console-schema";
import { totalPages } from "~core/pagination";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { auditLogPage, listAuditActions } from "../../../server/services/audit-log";
import type { Route } from "./+types/audit";

export const AUDIT_ENTRIES_PER_PAGE = 30;

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: auditQuery },
});

/** `/admin/audit?action=&actor=&page=`: every console action, newest first. */
export async function loader(args: Route.LoaderArgs) {
  const { page, action, actor } = routeInput(args.context, contract).query;
  const [{ entries, total }, actions] = await Promise.all([
    auditLogPage({ actionPrefix: action, actorEmail: actor }, page, AUDIT_ENTRIES_PER_PAGE),
    listAuditActions(),
  ]);
  return data({
    filter: { action, actor },
    page,
    pageCount: totalPages(total, AUDIT_ENTRIES_PER_PAGE),
    total,
    actions,
    entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })),
  });
}

export function meta() {
  return [{ title: "Audit log | Console" }];
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return <AuditLogConsole {...loaderData} />;
}
