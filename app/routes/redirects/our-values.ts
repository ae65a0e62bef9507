import { redirect } from "react-router";

/** The original footer linked to /our-values; the page lives at /values (DESIGN.md §4.4). */
export function loader() {
  return redirect("/values", 301);
}
