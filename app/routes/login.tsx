import { siteUrlFromMatches } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    title: "Sign In",
    description: "Sign in to your Pleazure account.",
    path: "/login",
    noindex: true,
  });
}

/** The sign-in page: no sidebar. Sign-in methods arrive with the accounts issue. */
export default function Login() {
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-ink-800 bg-ink-900 p-8">
        <h1 className="text-center text-2xl font-bold">Sign In to Your Account</h1>
        <p className="mt-4 text-center text-sm text-zinc-400">
          Accounts are optional: every video and blog post is free to watch and read without one.
        </p>
      </div>
    </main>
  );
}
