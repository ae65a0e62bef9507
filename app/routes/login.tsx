import { data, Form, Link, redirect, useNavigation } from "react-router";
import { translator, useMessages, usePaths } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { waitOf } from "~core/auth-texts";
import { FORM_TOKEN_FIELD } from "~core/contact-schema";
import { localeOfRequest } from "~core/locales";
import type { MessageValues } from "~core/messages";
import { clientIp, parseForm, plainText, readForm } from "~core/params";
import { paths, pathsIn } from "~core/paths";
import { safeRedirectPath } from "~core/redirect-to";
import { defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import { googleConfigured } from "../../server/auth/auth";
import { type AuthRequestMeta, requestSignInCode, signInWithCode } from "../../server/auth/email-code";
import { startGoogleSignIn } from "../../server/auth/google";
import { requestInfoContext } from "../../server/http/request-context";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../server/http/route-errors";
import { getViewer } from "../../server/http/session";
import { type MessageId, pageTexts, translate } from "../../server/i18n/catalog";
import { checkFormToken, issueFormToken, SIGN_IN_FORM_PURPOSE, spendFormToken } from "../../server/services/form-token";
import { siteUrl } from "../../server/site-url";
import type { Route } from "./+types/login";

const loginQuery = z.object({
  redirectTo: plainText(2000).optional(),
  // better-auth sends failed Google sign-ins back here with an error code (state_mismatch, access_denied, …).
  error: plainText(200).optional(),
});

const loginForm = z.object({
  intent: z.enum(["google", "request-code", "verify-code"]),
  email: plainText(1000).default(""),
  code: plainText(100).default(""),
  redirectTo: plainText(2000).optional(),
  [FORM_TOKEN_FIELD]: plainText(500).default(""),
});

export const contract = defineRoute({
  access: "public",
  kind: "page",
  robots: "noindex",
  // The page differs per visitor and per attempt: never cached.
  cacheControl: "private, no-store",
  input: { query: loginQuery, form: loginForm },
});

export async function loader(args: Route.LoaderArgs) {
  const locale = localeOfRequest(args.request);
  const query = routeInput(args.context, contract).query;
  // Back to the page the visitor came from (in its language), else to this language's home page.
  const redirectTo = safeRedirectPath(query.redirectTo, pathsIn(locale).home());
  if (await getViewer(args)) throw redirect(redirectTo);
  // A fresh token on every render: the loader runs again after each attempt.
  const formToken = issueFormToken(Date.now(), SIGN_IN_FORM_PURPOSE);
  const error = query.error ? translate(locale, "auth", "googleFailed") : null;
  return data({ googleEnabled: googleConfigured(), redirectTo, error, formToken, intl: pageTexts(locale, ["auth"]) });
}

/** What the page shows after a post: the step (address or code), the address, and a message (in the page's language). */
export type LoginActionData = { step: "email" | "code"; email: string; error: string | null; notice: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  const locale = localeOfRequest(request);
  const t = (id: MessageId<"auth">, values?: MessageValues) => translate(locale, "auth", id, values);
  const body = await readForm(request);
  const form = body.ok ? parseForm(contract.input.form, body.form) : undefined;
  const reply = (status: number, result: Partial<LoginActionData>, headers: Record<string, string> = {}) =>
    data<LoginActionData>(
      { step: "email", email: (form?.email ?? "").slice(0, 254), error: null, notice: null, ...result },
      { status, headers },
    );
  if (!body.ok) return reply(body.status, { error: t("signInFailed") }, body.headers);
  if (!form) return reply(400, { error: t("signInFailed") });

  const info = context.get(requestInfoContext);
  const meta: AuthRequestMeta = { origin: siteUrl(request), ip: clientIp.parse(info.clientIp), headers: request.headers, locale };
  const redirectTo = safeRedirectPath(form.redirectTo, pathsIn(locale).home());
  const retryAfter = (retryAfterMs: number) => ({ "Retry-After": String(Math.ceil(retryAfterMs / 1000)) });
  const limited = (retryAfterMs: number, step: LoginActionData["step"]) =>
    reply(429, { step, error: t("tooManyAttempts", waitOf(retryAfterMs)) }, retryAfter(retryAfterMs));
  // Wrong codes locked the address: back to the first step, which offers the other ways in.
  const locked = (retryAfterMs: number) =>
    reply(
      429,
      { step: "email", error: t("addressLocked", { ...waitOf(retryAfterMs), google: googleConfigured() ? "yes" : "no" }) },
      retryAfter(retryAfterMs),
    );

  try {
    switch (form.intent) {
      case "google": {
        const started = await startGoogleSignIn(redirectTo, meta);
        if (started.status === "unavailable") return reply(404, { error: t("googleUnavailable") });
        if (started.status === "rate-limited") return limited(started.retryAfterMs, "email");
        return redirect(started.url, { headers: withCookies(started.setCookies) });
      }
      case "request-code": {
        const token = checkFormToken(form[FORM_TOKEN_FIELD], Date.now(), SIGN_IN_FORM_PURPOSE);
        if (token.status !== "ok" || !(await spendFormToken(token, SIGN_IN_FORM_PURPOSE))) return reply(400, { error: t("formUsed") });
        const outcome = await requestSignInCode(form.email, meta);
        switch (outcome.status) {
          case "sent":
            return reply(200, { step: "code", email: outcome.email, notice: t("codeSent", { email: outcome.email }) });
          case "missing":
            return reply(400, { error: t("emailRequired") });
          case "invalid":
            return reply(400, { error: t("emailInvalid") });
          case "rate-limited":
            return limited(outcome.retryAfterMs, "email");
          case "locked":
            return locked(outcome.retryAfterMs);
        }
        break;
      }
      case "verify-code": {
        const outcome = await signInWithCode(form.email, form.code, meta);
        switch (outcome.status) {
          case "signed-in":
            return redirect(redirectTo, { headers: withCookies(outcome.setCookies) });
          case "missing":
            return reply(400, { error: t("emailRequired") });
          case "invalid":
            return reply(400, { error: t("emailInvalid") });
          case "code-invalid":
            return reply(400, { step: "code", error: t(form.code.trim() ? "codeInvalid" : "codeRequired") });
          case "code-expired":
            return reply(400, { step: "code", error: t("codeExpired") });
          case "too-many-attempts":
            return reply(400, { step: "code", error: t("codeTooManyAttempts") });
          case "rate-limited":
            return limited(outcome.retryAfterMs, "code");
          case "locked":
            return locked(outcome.retryAfterMs);
        }
      }
    }
  } catch (err) {
    const step = form.intent === "verify-code" ? "code" : "email";
    const error = t(form.intent === "request-code" ? "sendFailed" : "signInFailed");
    if (classifyFailure(context, `sign-in (${form.intent})`, err) === "unavailable")
      return reply(503, { step, error }, UNAVAILABLE_HEADERS);
    return reply(500, { step, error });
  }
  return reply(400, { error: t("signInFailed") });
}

function withCookies(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "auth");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: t("metaTitle"),
    description: t("metaDescription", { site: site.name }),
    path: paths.login(),
    noindex: true,
  });
}

const input = "w-full rounded-lg border border-zinc-500 bg-ink-950 px-3 py-2.5 text-white placeholder:text-zinc-400 focus:border-brand-500";
const primaryButton =
  "w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-60";

/** The sign-in page (no sidebar): Google, or a one-time code by e-mail. Plain form posts: works without JavaScript. */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { googleEnabled, redirectTo, formToken } = loaderData;
  const t = useMessages("auth");
  const paths = usePaths();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(paths.login()) === true;
  const step = actionData?.step ?? "email";
  const error = actionData ? actionData.error : loaderData.error;
  const backToStart = redirectTo === paths.home() ? paths.login() : paths.login(redirectTo);

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-ink-800 bg-ink-900 p-8">
        <h1 className="text-center text-2xl font-bold">{t("heading")}</h1>

        {error && (
          <p role="alert" className="mt-6 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200">
            {error}
          </p>
        )}

        {step === "email" ? (
          <>
            {googleEnabled ? (
              <Form method="post" reloadDocument className="mt-6">
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <button
                  type="submit"
                  name="intent"
                  value="google"
                  className="flex w-full items-center justify-center gap-3 rounded-lg bg-white px-4 py-2.5 font-semibold text-zinc-900 hover:bg-zinc-100"
                >
                  <GoogleLogo />
                  {t("googleButton")}
                </button>
              </Form>
            ) : (
              <p className="mt-6 text-center text-sm text-zinc-400">{t("googleNotSetUp")}</p>
            )}
            <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-zinc-400">
              <span className="h-px flex-1 bg-ink-700" /> {t("orWithEmail")} <span className="h-px flex-1 bg-ink-700" />
            </div>
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
              <div>
                <label htmlFor="login-email" className="mb-1 block text-sm font-medium text-zinc-300">
                  {t("emailLabel")}
                </label>
                <input
                  id="login-email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  dir="ltr"
                  maxLength={254}
                  defaultValue={actionData?.email ?? ""}
                  placeholder="you@example.com"
                  className={input}
                />
              </div>
              <button type="submit" name="intent" value="request-code" disabled={busy} className={primaryButton}>
                {busy ? t("sending") : t("emailMeCode")}
              </button>
            </Form>
          </>
        ) : (
          <Form method="post" noValidate className="mt-6 space-y-4">
            {actionData?.notice && (
              <p role="status" className="text-sm text-zinc-300">
                {actionData.notice}
              </p>
            )}
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <input type="hidden" name="email" value={actionData?.email ?? ""} />
            <div>
              <label htmlFor="login-code" className="mb-1 block text-sm font-medium text-zinc-300">
                {t("codeLabel")}
              </label>
              <input
                id="login-code"
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                dir="ltr"
                pattern="[0-9]{6}"
                maxLength={6}
                placeholder="123456"
                // biome-ignore lint/a11y/noAutofocus: the code is all this step asks for
                autoFocus
                className={`${input} text-center font-mono text-xl tracking-[0.5em]`}
              />
            </div>
            <button type="submit" name="intent" value="verify-code" disabled={busy} className={primaryButton}>
              {busy ? t("signingIn") : t("signIn")}
            </button>
            <p className="text-center text-sm text-zinc-400">
              <Link to={backToStart} className="text-brand-400 underline-offset-2 hover:underline">
                {t("differentEmail")}
              </Link>
            </p>
          </Form>
        )}

        <p className="mt-8 text-center text-xs text-zinc-400">{t("accountsOptional")}</p>
      </div>
    </main>
  );
}

function GoogleLogo() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
    </svg>
  );
}
