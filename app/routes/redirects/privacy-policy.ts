import { redirect } from "react-router";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";

export const contract = defineRoute({
  access: "public",
  kind: "resource",
});

/** The Terms page of the original linked to /privacy-policy; the page lives at /privacy (docs/product.md "Routes"). */
export function loader() {
  return redirect(paths.privacy(), 301);
}
