import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/AccountShell";
import { Avatar } from "~/components/account/Avatar";
import { CaptionStyleSetting } from "~/components/account/CaptionStyleSetting";
import { DeleteAccountSection } from "~/components/account/DeleteAccount";
import { nameError } from "~/components/account/display-name-error";
import { LanguageSetting } from "~/components/account/LanguageSetting";
import { SaveResult } from "~/components/account/SaveResult";
import { type Translate, translator, useLocale, useMessages } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeViewer } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import { DELETE_CONFIRMATION, DISPLAY_NAME_MAX, displayNameProblem, displayNameSchema } from "~core/account-schema";
import { autoplayOn, readAutoplayCookie, UP_NEXT_COUNTDOWN_SECONDS } from "~core/autoplay";
import { captionStyleForm, captionStyleOf } from "~core/caption-style-schema";
import { languageCookieValue } from "~core/cookies";
import { LOCALES, localeOfRequest } from "~core/locales";
import { parseForm, plainText, readForm } from "~core/params";
import { paths, pathsIn } from "~core/paths";
import { ACCOUNT_PAGE, defineRoute } from "~core/route-contract";
import { site } from "~core/site";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { classifyFailure, unavailable } from "../../../server/http/route-errors";
import { signOut } from "../../../server/http/session";
import { pageTexts, translate } from "../../../server/i18n/catalog";
import {
  accountAutoplay,
  accountCaptionStyle,
  deleteAccount,
  preferredLocale,
  setAutoplay,
  setCaptionStyle,
  setDisplayName,
  setPreferredLocale,
  signOutEverywhere,
} from "../../../server/services/account";
import { LastAdminError } from "../../../server/services/users";
import type { Route } from "./+types/settings";

const settingsFields = z.object({
  intent: z.enum(["name", "autoplay", "captions", "language", "sign-out-everywhere", "delete"]),
  name: plainText(1000).optional(),
  // A checkbox: "on" when ticked, absent when not.
  autoplay: z.literal("on").optional(),
  // The account's language, or "" for none.
  locale: z.enum(["", ...LOCALES]).optional(),
  confirm: plainText(100).optional(),
  // The caption style's six choices (intent "captions"; checked again as a whole below).
  ...captionStyleForm.partial().shape,
});

export const contract = defineRoute({
  ...ACCOUNT_PAGE,
  input: { form: settingsFields },
});

/** Settings (docs/product.md "Accounts"): display name, playback, data export, sign out everywhere, account deletion. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = routeViewer(args.context);
  const [account, language, captionStyle] = await Promise.all([
    accountAutoplay(viewer.id),
    preferredLocale(viewer.id),
    accountCaptionStyle(viewer.id),
  ]);
  // The choices the server knows; the default when neither was made depends on the motion preference, which only
  // the browser knows (the page computes the box with it, as the player does).
  const autoplay = { account, browser: readAutoplayCookie(args.request.headers.get("Cookie") ?? "") };
  return data({ viewer, autoplay, language, captionStyle, intl: pageTexts(localeOfRequest(args.request), ["account", "captionStyle"]) });
}

export type SettingsActionData = { intent: string; error: string | null; notice: string | null };

/** The cookies that end this browser's session; the session row is already gone, so failures only log. */
async function clearedSessionHeaders(request: Request): Promise<Headers> {
  const headers = new Headers();
  try {
    for (const cookie of await signOut(request)) headers.append("Set-Cookie", cookie);
  } catch {
    // No session left to end: the cookie names nothing and the next request is a visitor's anyway.
  }
  return headers;
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  const viewer = routeViewer(args.context);
  const locale = localeOfRequest(request);
  const t: Translate<"account"> = (id, values) => translate(locale, "account", id, values);
  const body = await readForm(request, 8192);
  const form = body.ok ? parseForm(contract.input.form, body.form) : undefined;
  const reply = (status: number, result: Partial<SettingsActionData>, headers: Record<string, string> = {}) =>
    data<SettingsActionData>({ intent: form?.intent ?? "", error: null, notice: null, ...result }, { status, headers });
  if (!body.ok) return reply(body.status, { error: t("saveFailed") }, body.headers);
  if (!form) return reply(400, { error: t("saveFailed") });
  try {
    const limit = await consumeAccountLimit("settings", viewer.id);
    if (!limit.allowed) return reply(429, { error: t("tooMany") }, { "Retry-After": retryAfterSeconds(limit) });
    if (form.intent === "name") {
      const name = displayNameSchema.safeParse(form.name ?? "");
      if (!name.success) return reply(400, { error: nameError(form.name ?? "", t) });
      await setDisplayName(viewer.id, name.data);
      return reply(200, { notice: t("nameSaved") });
    }
    if (form.intent === "autoplay") {
      await setAutoplay(viewer.id, form.autoplay === "on");
      return reply(200, { notice: t("autoplaySaved") });
    }
    if (form.intent === "captions") {
      const style = captionStyleForm.safeParse(form);
      if (!style.success) return reply(400, { error: t("saveFailed") });
      await setCaptionStyle(viewer.id, captionStyleOf(style.data));
      return reply(200, { notice: t("captionStyleSaved") });
    }
    if (form.intent === "language") {
      const chosen = form.locale || null;
      await setPreferredLocale(viewer.id, chosen);
      if (!chosen) return reply(200, { notice: t("languageSaved") });
      // This browser remembers it too, and the settings open in the chosen language.
      const secure = new URL(request.url).protocol === "https:";
      return redirect(pathsIn(chosen).settings(), { headers: { "Set-Cookie": languageCookieValue(chosen, secure) } });
    }
    if (form.intent === "sign-out-everywhere") {
      await signOutEverywhere(viewer.id);
      return redirect(pathsIn(locale).home(), { headers: await clearedSessionHeaders(request) });
    }
    if (form.confirm?.trim() !== DELETE_CONFIRMATION) return reply(400, { error: t("deleteConfirmWrong", { word: DELETE_CONFIRMATION }) });
    try {
      await deleteAccount(viewer.id);
    } catch (err) {
      if (err instanceof LastAdminError) return reply(409, { error: t("deleteLastAdmin") });
      throw err;
    }
    return redirect(`${pathsIn(locale).home()}?account=deleted`, { headers: await clearedSessionHeaders(request) });
  } catch (err) {
    if (classifyFailure(context, `settings ${form.intent}`, err) === "unavailable") unavailable();
    return reply(500, { error: t("saveFailed") });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "account");
  return seoMeta({
    locale,
    siteUrl: siteUrlFromMatches(matches),
    title: t("settingsTitle"),
    description: t("settingsDescription", { site: site.name }),
    path: paths.settings(),
    noindex: true,
  });
}

const card = "rounded-xl border border-ink-800 bg-ink-900 p-5";
const primary = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondary = "rounded-lg border border-ink-700 bg-ink-800 px-4 py-2 text-sm font-semibold hover:bg-ink-700 disabled:opacity-60";

export default function Settings({ loaderData: { viewer, autoplay, language, captionStyle }, actionData }: Route.ComponentProps) {
  const t = useMessages("account");
  const locale = useLocale();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const result = (intent: string) => (actionData?.intent === intent ? actionData : null);
  const reducedMotion = usePrefersReducedMotion();
  const autoplayShown = autoplayOn({ ...autoplay, reducedMotion });
  return (
    <AccountShell title={t("settingsTitle")}>
      <p className="mb-6 text-zinc-300">{t("settingsIntro")}</p>
      <div className="space-y-6">
        <DisplayNameSection viewer={viewer} busy={submitting === "name"} result={result("name")} />

        <section aria-labelledby="playback-heading" className={card}>
          <h2 id="playback-heading" className="text-lg font-semibold">
            {t("playback")}
          </h2>
          {/* Keyed on the value shown: after a save the box shows what the account now holds, and for a viewer who asks
              for less motion and never chose, the browser turns the server's default off as the player does. */}
          <Form method="post" className="mt-3" key={String(autoplayShown)}>
            <input type="hidden" name="intent" value="autoplay" />
            <label className="flex items-start gap-3">
              <input type="checkbox" name="autoplay" defaultChecked={autoplayShown} className="mt-1 h-4 w-4 accent-brand-500" />
              <span>
                <span className="block font-medium">{t("autoplay")}</span>
                <span className="block text-sm text-zinc-400">{t("autoplayHelp", { seconds: UP_NEXT_COUNTDOWN_SECONDS })}</span>
              </span>
            </label>
            <button type="submit" className={`${secondary} mt-3`} disabled={submitting === "autoplay"}>
              {submitting === "autoplay" ? t("saving") : t("save")}
            </button>
            <SaveResult result={result("autoplay")} />
          </Form>
        </section>

        <CaptionStyleSetting
          saved={captionStyle}
          busy={submitting === "captions"}
          result={result("captions")}
          className={card}
          buttonClassName={secondary}
        />

        <LanguageSetting
          chosen={language}
          busy={submitting === "language"}
          result={result("language")}
          className={card}
          buttonClassName={secondary}
        />

        <section aria-labelledby="export-heading" className={card}>
          <h2 id="export-heading" className="text-lg font-semibold">
            {t("exportTitle")}
          </h2>
          <p className="mt-1 text-sm text-zinc-400">{t("exportHelp")}</p>
          {/* A plain post that the browser saves as a file (Content-Disposition: attachment). */}
          <Form method="post" action={paths.settingsExport()} reloadDocument className="mt-4">
            <input type="hidden" name="locale" value={locale} />
            <button type="submit" className={secondary}>
              {t("exportTitle")}
            </button>
          </Form>
        </section>

        <section aria-labelledby="sessions-heading" className={card}>
          <h2 id="sessions-heading" className="text-lg font-semibold">
            {t("signOutEverywhere")}
          </h2>
          <p className="mt-1 text-sm text-zinc-400">{t("signOutEverywhereHelp")}</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <button type="submit" className={secondary} disabled={submitting === "sign-out-everywhere"}>
              {t("signOutEverywhere")}
            </button>
          </Form>
          {result("sign-out-everywhere")?.error && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {result("sign-out-everywhere")?.error}
            </p>
          )}
        </section>

        <DeleteAccountSection busy={submitting === "delete"} error={result("delete")?.error ?? null} />
      </div>
    </AccountShell>
  );
}

function DisplayNameSection({
  viewer,
  busy,
  result,
}: {
  viewer: { name: string | null; email: string; avatarUrl: string | null };
  busy: boolean;
  result: SettingsActionData | null;
}) {
  const t = useMessages("account");
  const [name, setName] = useState(viewer.name ?? "");
  const [touched, setTouched] = useState(false);
  const clientError = touched ? nameError(name, t) : null;
  const error = clientError ?? result?.error ?? null;
  return (
    <section aria-labelledby="name-heading" className={card}>
      <h2 id="name-heading" className="text-lg font-semibold">
        {t("displayName")}
      </h2>
      <div className="mt-4 flex flex-wrap items-start gap-4">
        {/* The initial avatar follows the name as it is typed (a picture, when there is one, stays). */}
        <Avatar
          viewer={{ name: displayNameProblem(name) ? viewer.name : name.trim(), email: viewer.email, avatarUrl: viewer.avatarUrl }}
          size={56}
        />
        <Form
          method="post"
          className="min-w-0 flex-1"
          noValidate
          onSubmit={(event) => {
            setTouched(true);
            if (displayNameProblem(name)) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="name" />
          <label htmlFor="display-name" className="block text-sm font-medium">
            {t("displayName")}
          </label>
          <input
            id="display-name"
            name="name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
            maxLength={DISPLAY_NAME_MAX * 2}
            autoComplete="name"
            dir="auto"
            required
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "display-name-error" : "display-name-help"}
            className="mt-1 w-full max-w-sm rounded-lg border border-zinc-500 bg-ink-950 px-3 py-2"
          />
          {error ? (
            <p id="display-name-error" role="alert" className="mt-1 text-sm text-red-300">
              {error}
            </p>
          ) : (
            <p id="display-name-help" className="mt-1 text-sm text-zinc-400">
              {t("displayNameHelp", { max: DISPLAY_NAME_MAX })}
            </p>
          )}
          <button type="submit" className={`${primary} mt-3`} disabled={busy}>
            {busy ? t("saving") : t("save")}
          </button>
          {result?.notice && !touched && (
            <p role="status" className="mt-2 text-sm text-emerald-300">
              {result.notice}
            </p>
          )}
        </Form>
      </div>
    </section>
  );
}
