import { type ActionFunctionArgs, redirect } from "react-router";
import { ageCookieValue } from "~/lib/cookies";
import { site } from "~/lib/site";

/** No-JavaScript path of the age gate: the gate's form posts here. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("answer") !== "adult") return redirect(site.underAgeRedirect);
  const back = safeReturnPath(request.headers.get("referer"), request.url);
  return redirect(back, { headers: { "Set-Cookie": ageCookieValue(new URL(request.url).protocol === "https:") } });
}

export function loader() {
  return redirect("/");
}

/** Only same-origin paths: never an open redirect. */
function safeReturnPath(referer: string | null, requestUrl: string): string {
  if (!referer) return "/";
  try {
    const ref = new URL(referer);
    return ref.origin === new URL(requestUrl).origin ? `${ref.pathname}${ref.search}` : "/";
  } catch {
    return "/";
  }
}
