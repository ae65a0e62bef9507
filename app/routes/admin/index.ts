import { redirect } from "react-router";
import { requireAdmin } from "../../../server/auth/session";
import type { Route } from "./+types/index";

/** /admin opens the first section (the dashboard takes this place when it exists); admins only. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return redirect("/admin/videos", { headers: { "Cache-Control": "private, no-store" } });
}
