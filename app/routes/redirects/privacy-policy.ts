import { redirect } from "react-router";

/** The Terms page of the original linked to /privacy-policy; the page lives at /privacy (DESIGN.md §4.4). */
export function loader() {
  return redirect("/privacy", 301);
}
