import { data, redirect } from "react-router";
import { readForm } from "~core/params";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { signOut } from "../../server/http/session";
import type { Route } from "./+types/logout";

export const contract = defineRoute({
  access: "public",
  kind: "resource",
});

/** Sign Out (the header menu's form): ends the session on the server, clears the cookie, goes to `/`. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  // The form has no fields, but its body is read like every action's: only a small form is accepted.
  const body = await readForm(request);
  if (!body.ok) return new Response(null, { status: body.status, headers: body.headers });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of await signOut(request)) headers.append("Set-Cookie", cookie);
  return redirect(paths.home(), { headers });
}

/** Signing out changes state, so it is a POST; an address typed in the bar just goes home. */
export function loader() {
  return redirect(paths.home());
}
