import { redirect } from "react-router";
import { ageCookieValue } from "~core/cookies";
import { parseForm, plainText, readForm } from "~core/params";
import { paths } from "~core/paths";
import { safeRedirectPath } from "~core/redirect-to";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import type { Route } from "./+types/age-verification";

const ageForm = z.object({ answer: plainText(100).optional() });

export const contract = defineRoute({
  access: "public",
  kind: "resource",
  input: { form: ageForm },
});

/** No-JavaScript path of the age gate: the gate's form posts here. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  const body = await readForm(request);
  if (!body.ok) return new Response(null, { status: body.status, headers: body.headers });
  const form = parseForm(contract.input.form, body.form);
  if (!form) return new Response(null, { status: 400 });
  if (form.answer !== "adult") return redirect(site.underAgeRedirect);
  const back = safeReturnPath(request.headers.get("referer"), request.url);
  return redirect(back, { headers: { "Set-Cookie": ageCookieValue(new URL(request.url).protocol === "https:") } });
}

export function loader() {
  return redirect(paths.home());
}

/**
 * Back to the page the gate was answered on: only a path of this origin, checked like every redirect (a page
 * at `//evil.example/x` on this site has that path, which a browser would read as another host).
 */
function safeReturnPath(referer: string | null, requestUrl: string): string {
  if (!referer) return paths.home();
  try {
    const ref = new URL(referer);
    return ref.origin === new URL(requestUrl).origin ? safeRedirectPath(`${ref.pathname}${ref.search}`) : paths.home();
  } catch {
    return paths.home();
  }
}
