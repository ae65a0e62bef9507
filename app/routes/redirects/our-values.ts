import { redirect } from "react-router";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";

export const contract = defineRoute({
  access: "public",
  kind: "resource",
});

/** The original footer linked to /our-values; the page lives at /values (docs/product.md "Routes"). */
export function loader() {
  return redirect(paths.values(), 301);
}
