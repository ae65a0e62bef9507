import { data } from "react-router";
import { AuditLogConsole } from "~/components/admin/AuditLogConsole";
import { parseQuery } from "~/lib/route-input";
import { auditQuery } from "~core/console-schema";
import { totalPages } from "~core/pagination";
import { requireAdmin } from "../../../server/auth/session";
import { auditLogPage, listAuditActions } from "../../../server/services/audit-log";
import type { Route } from "./+types/audit";
import { CONSOLE_HEADERS, consoleHeaders } from "./layout";

export const AUDIT_ENTRIES_PER_PAGE = 30;

/** `/admin/audit?action=&actor=&page=`: every console action, newest first. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { page, action, actor } = parseQuery(auditQuery, args.request);
  const [{ entries, total }, actions] = await Promise.all([
    auditLogPage({ actionPrefix: action, actorEmail: actor }, page, AUDIT_ENTRIES_PER_PAGE),
    listAuditActions(),
  ]);
  return data(
    {
      filter: { action, actor },
      page,
      pageCount: totalPages(total, AUDIT_ENTRIES_PER_PAGE),
      total,
      actions,
      entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })),
    },
    { headers: CONSOLE_HEADERS },
  );
}

export function headers(args: Route.HeadersArgs) {
  return consoleHeaders(args);
}

export function meta() {
  return [{ title: "Audit log | Console" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return <AuditLogConsole {...loaderData} />;
}
