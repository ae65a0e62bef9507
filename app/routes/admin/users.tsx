import { data, redirect } from "react-router";
import { type RoleActionResult, UsersConsole } from "~/components/admin/UsersConsole";
import { consoleRequest } from "~/lib/console-request.server";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { routeInput, routeViewer } from "~/lib/route-contract.server";
import { roleFormSchema, usersQuery } from "~core/console-schema";
import { totalPages } from "~core/pagination";
import { formStrings } from "~core/params";
import { paths } from "~core/paths";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { liftBan } from "../../../server/services/standing";
import { changeUserRole, LastAdminError, searchUsers, UserNotFoundError } from "../../../server/services/users";
import type { Route } from "./+types/users";

export const USERS_PER_PAGE = 25;

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: usersQuery, form: roleFormSchema },
});

/** `/admin/users?q=&page=`: users whose e-mail contains `q`, newest first. */
export async function loader(args: Route.LoaderArgs) {
  const admin = routeViewer(args.context);
  const { q, page } = routeInput(args.context, contract).query;
  const { users, total } = await searchUsers({ email: q, page, perPage: USERS_PER_PAGE });
  return data({
    q,
    page,
    pageCount: totalPages(total, USERS_PER_PAGE),
    total,
    selfId: admin.id,
    users: users.map((u) => ({
      ...u,
      createdAt: u.createdAt.toISOString(),
      ban: u.ban && { at: u.ban.at.toISOString(), reason: u.ban.reason },
    })),
  });
}

export function meta() {
  return [{ title: "Users | Console" }];
}

function refused(status: number, userId: string, message: string, headers: Record<string, string> = {}) {
  return data<RoleActionResult>({ ok: false, userId, message }, { status, headers });
}

export async function action(args: Route.ActionArgs) {
  // Parsed below: the schema's first message is the answer.
  const begun = await consoleRequest(args, (status, _intent, headers) => refused(status, "", FORM_UNREADABLE, headers));
  if (!begun.ok) return begun.answer;
  const { actor: admin, form: posted } = begun;
  const fields = formStrings(posted, ["intent", "userId", "role"]);
  if (!fields) return refused(400, "", FORM_UNREADABLE);
  const parsed = contract.input.form.safeParse(fields);
  if (!parsed.success) return refused(400, "", parsed.error.issues[0]?.message ?? FORM_UNREADABLE);
  try {
    if (parsed.data.intent === "unban") {
      await liftBan(parsed.data.userId, admin);
      return data<RoleActionResult>({ ok: true, userId: parsed.data.userId, unbanned: true });
    }
    const change = await changeUserRole(parsed.data.userId, parsed.data.role, admin);
    // An admin who stepped down has no console any more.
    if (change.id === admin.id && change.role !== "admin") return redirect(paths.home());
    return data<RoleActionResult>({ ok: true, userId: change.id, role: change.role });
  } catch (err) {
    // Only an id that names a user goes back (it places the message next to that user's control).
    if (err instanceof LastAdminError) return refused(409, parsed.data.userId, err.message);
    if (err instanceof UserNotFoundError) return refused(404, "", "This user no longer exists.");
    throw err;
  }
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  return <UsersConsole {...loaderData} actionData={actionData} />;
}
