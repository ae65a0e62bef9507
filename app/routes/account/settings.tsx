import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/AccountShell";
import { Avatar } from "~/components/account/Avatar";
import { ACCOUNT_TEXTS } from "~/lib/account-texts";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeViewer } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { DELETE_CONFIRMATION, DISPLAY_NAME_MAX, displayNameError, displayNameSchema } from "~core/account-schema";
import { autoplayOn, readAutoplayCookie, UP_NEXT_COUNTDOWN_SECONDS } from "~core/autoplay";
import { parseForm, plainText, readForm } from "~core/params";
import { paths } from "~core/paths";
import { ACCOUNT_PAGE, defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { classifyFailure, unavailable } from "../../../server/http/route-errors";
import { signOut } from "../../../server/http/session";
import { accountAutoplay, deleteAccount, setAutoplay, setDisplayName, signOutEverywhere } from "../../../server/services/account";
import { LastAdminError } from "../../../server/services/users";
import type { Route } from "./+types/settings";

const settingsFields = z.object({
  intent: z.enum(["name", "autoplay", "sign-out-everywhere", "delete"]),
  name: plainText(1000).optional(),
  // A checkbox: "on" when ticked, absent when not.
  autoplay: z.literal("on").optional(),
  confirm: plainText(100).optional(),
});

export const contract = defineRoute({
  ...ACCOUNT_PAGE,
  input: { form: settingsFields },
});

/** Settings (docs/product.md "Accounts"): display name, playback, data export, sign out everywhere, account deletion. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = routeViewer(args.context);
  const account = await accountAutoplay(viewer.id);
  return data({ viewer, autoplay: autoplayOn({ account, browser: readAutoplayCookie(args.request.headers.get("Cookie") ?? "") }) });
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
  const body = await readForm(request, 8192);
  const form = body.ok ? parseForm(contract.input.form, body.form) : undefined;
  const reply = (status: number, result: Partial<SettingsActionData>, headers: Record<string, string> = {}) =>
    data<SettingsActionData>({ intent: form?.intent ?? "", error: null, notice: null, ...result }, { status, headers });
  if (!body.ok) return reply(body.status, { error: ACCOUNT_TEXTS.saveFailed }, body.headers);
  if (!form) return reply(400, { error: ACCOUNT_TEXTS.saveFailed });
  try {
    const limit = await consumeAccountLimit("settings", viewer.id);
    if (!limit.allowed) return reply(429, { error: ACCOUNT_TEXTS.tooMany }, { "Retry-After": retryAfterSeconds(limit) });
    if (form.intent === "name") {
      const name = displayNameSchema.safeParse(form.name ?? "");
      if (!name.success) return reply(400, { error: displayNameError(form.name ?? "") });
      await setDisplayName(viewer.id, name.data);
      return reply(200, { notice: ACCOUNT_TEXTS.nameSaved });
    }
    if (form.intent === "autoplay") {
      await setAutoplay(viewer.id, form.autoplay === "on");
      return reply(200, { notice: ACCOUNT_TEXTS.autoplaySaved });
    }
    if (form.intent === "sign-out-everywhere") {
      await signOutEverywhere(viewer.id);
      return redirect(paths.home(), { headers: await clearedSessionHeaders(request) });
    }
    if (form.confirm?.trim() !== DELETE_CONFIRMATION) return reply(400, { error: ACCOUNT_TEXTS.deleteConfirmWrong });
    try {
      await deleteAccount(viewer.id);
    } catch (err) {
      if (err instanceof LastAdminError) return reply(409, { error: ACCOUNT_TEXTS.deleteLastAdmin });
      throw err;
    }
    return redirect("/?account=deleted", { headers: await clearedSessionHeaders(request) });
  } catch (err) {
    if (classifyFailure(context, `settings ${form.intent}`, err) === "unavailable") unavailable();
    return reply(500, { error: ACCOUNT_TEXTS.saveFailed });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl: siteUrlFromMatches(matches),
    title: "Settings",
    description: "Your Pleazure account settings.",
    path: paths.settings(),
    noindex: true,
  });
}

const card = "rounded-xl border border-ink-800 bg-ink-900 p-5";
const primary = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500 disabled:opacity-60";
const secondary = "rounded-lg border border-ink-700 bg-ink-800 px-4 py-2 text-sm font-semibold hover:bg-ink-700 disabled:opacity-60";

export default function Settings({ loaderData: { viewer, autoplay }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const result = (intent: string) => (actionData?.intent === intent ? actionData : null);
  return (
    <AccountShell title="Settings">
      <p className="mb-6 text-zinc-300">{ACCOUNT_TEXTS.settingsIntro}</p>
      <div className="space-y-6">
        <DisplayNameSection viewer={viewer} busy={submitting === "name"} result={result("name")} />

        <section aria-labelledby="playback-heading" className={card}>
          <h2 id="playback-heading" className="text-lg font-semibold">
            Playback
          </h2>
          {/* Keyed on the saved value: after a save the box shows what the account now holds. */}
          <Form method="post" className="mt-3" key={String(autoplay)}>
            <input type="hidden" name="intent" value="autoplay" />
            <label className="flex items-start gap-3">
              <input type="checkbox" name="autoplay" defaultChecked={autoplay} className="mt-1 h-4 w-4 accent-brand-500" />
              <span>
                <span className="block font-medium">Autoplay</span>
                <span className="block text-sm text-zinc-400">
                  At the end of a video, play the next one after a {UP_NEXT_COUNTDOWN_SECONDS}-second countdown you can cancel. Applies on
                  every device you sign in on.
                </span>
              </span>
            </label>
            <button type="submit" className={`${secondary} mt-3`} disabled={submitting === "autoplay"}>
              {submitting === "autoplay" ? "Saving..." : "Save"}
            </button>
            {result("autoplay")?.notice && (
              <p role="status" className="mt-2 text-sm text-emerald-300">
                {result("autoplay")?.notice}
              </p>
            )}
            {result("autoplay")?.error && (
              <p role="alert" className="mt-2 text-sm text-red-300">
                {result("autoplay")?.error}
              </p>
            )}
          </Form>
        </section>

        <section aria-labelledby="export-heading" className={card}>
          <h2 id="export-heading" className="text-lg font-semibold">
            Download my data
          </h2>
          <p className="mt-1 text-sm text-zinc-400">
            A JSON file with your profile, comments, likes, favorites, playlists and watch history.
          </p>
          {/* A plain post that the browser saves as a file (Content-Disposition: attachment). */}
          <Form method="post" action={paths.settingsExport()} reloadDocument className="mt-4">
            <button type="submit" className={secondary}>
              Download my data
            </button>
          </Form>
        </section>

        <section aria-labelledby="sessions-heading" className={card}>
          <h2 id="sessions-heading" className="text-lg font-semibold">
            Sign out of every device
          </h2>
          <p className="mt-1 text-sm text-zinc-400">Ends every session of your account, including this one.</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <button type="submit" className={secondary} disabled={submitting === "sign-out-everywhere"}>
              Sign out of every device
            </button>
          </Form>
          {result("sign-out-everywhere")?.error && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {result("sign-out-everywhere")?.error}
            </p>
          )}
        </section>

        <DeleteAccountSection busy={submitting === "delete"} result={result("delete")} />
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
  const [name, setName] = useState(viewer.name ?? "");
  const [touched, setTouched] = useState(false);
  const clientError = touched ? displayNameError(name) : null;
  const error = clientError ?? result?.error ?? null;
  return (
    <section aria-labelledby="name-heading" className={card}>
      <h2 id="name-heading" className="text-lg font-semibold">
        Display name
      </h2>
      <div className="mt-4 flex flex-wrap items-start gap-4">
        {/* The initial avatar follows the name as it is typed (a picture, when there is one, stays). */}
        <Avatar
          viewer={{ name: displayNameError(name) ? viewer.name : name.trim(), email: viewer.email, avatarUrl: viewer.avatarUrl }}
          size={56}
        />
        <Form
          method="post"
          className="min-w-0 flex-1"
          noValidate
          onSubmit={(event) => {
            setTouched(true);
            if (displayNameError(name)) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="name" />
          <label htmlFor="display-name" className="block text-sm font-medium">
            Display name
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
            required
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "display-name-error" : "display-name-help"}
            className="mt-1 w-full max-w-sm rounded-lg border border-ink-700 bg-ink-950 px-3 py-2"
          />
          {error ? (
            <p id="display-name-error" role="alert" className="mt-1 text-sm text-red-300">
              {error}
            </p>
          ) : (
            <p id="display-name-help" className="mt-1 text-sm text-zinc-400">
              Shown in the header and on your profile; up to {DISPLAY_NAME_MAX} characters.
            </p>
          )}
          <button type="submit" className={`${primary} mt-3`} disabled={busy}>
            {busy ? "Saving..." : "Save"}
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

function DeleteAccountSection({ busy, result }: { busy: boolean; result: SettingsActionData | null }) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState("");
  return (
    <section aria-labelledby="delete-heading" className="rounded-xl border border-red-900/60 bg-red-950/20 p-5">
      <h2 id="delete-heading" className="text-lg font-semibold">
        Delete my account
      </h2>
      <p className="mt-1 text-sm text-zinc-300">
        Removes your profile, likes, favorites, playlists and watch history for good. Your comments stay in their threads as "Deleted user".
      </p>
      {!open && !result?.error ? (
        <button type="button" className={`${secondary} mt-4`} onClick={() => setOpen(true)}>
          Delete my account…
        </button>
      ) : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="delete" />
          <label htmlFor="delete-confirm" className="block text-sm font-medium">
            Type {DELETE_CONFIRMATION} to confirm
          </label>
          <input
            id="delete-confirm"
            name="confirm"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the field the person just asked for
            autoFocus
            aria-describedby={result?.error ? "delete-error" : undefined}
            className="mt-1 w-full max-w-xs rounded-lg border border-ink-700 bg-ink-950 px-3 py-2"
          />
          {result?.error && (
            <p id="delete-error" role="alert" className="mt-1 text-sm text-red-300">
              {result.error}
            </p>
          )}
          <div className="mt-3 flex gap-3">
            <button
              type="submit"
              className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-600 disabled:opacity-60"
              disabled={busy || confirm.trim() !== DELETE_CONFIRMATION}
            >
              Delete my account permanently
            </button>
            <button type="button" className={secondary} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
