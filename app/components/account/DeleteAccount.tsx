import { useState } from "react";
import { Form } from "react-router";
import { useMessages } from "~/lib/i18n";
import { DELETE_CONFIRMATION } from "~core/account-schema";

const secondary = "rounded-lg border border-ink-700 bg-ink-800 px-4 py-2 text-sm font-semibold hover:bg-ink-700 disabled:opacity-60";

/**
 * Settings' last section: deleting the account asks once more, for the word DELETE typed in every language (the
 * action checks the same word, core/account-schema.ts). `error`: the action's refusal of the last attempt.
 */
export function DeleteAccountSection({ busy, error }: { busy: boolean; error: string | null }) {
  const t = useMessages("account");
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState("");
  return (
    <section aria-labelledby="delete-heading" className="rounded-xl border border-red-900/60 bg-red-950/20 p-5">
      <h2 id="delete-heading" className="text-lg font-semibold">
        {t("deleteAccount")}
      </h2>
      <p className="mt-1 text-sm text-zinc-300">{t("deleteAccountHelp")}</p>
      {!open && !error ? (
        <button type="button" className={`${secondary} mt-4`} onClick={() => setOpen(true)}>
          {t("deleteAccountOpen")}
        </button>
      ) : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="delete" />
          <label htmlFor="delete-confirm" className="block text-sm font-medium">
            {t("deleteTypeToConfirm", { word: DELETE_CONFIRMATION })}
          </label>
          <input
            id="delete-confirm"
            name="confirm"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="off"
            dir="ltr"
            // biome-ignore lint/a11y/noAutofocus: the field the person just asked for
            autoFocus
            aria-describedby={error ? "delete-error" : undefined}
            className="mt-1 w-full max-w-xs rounded-lg border border-zinc-500 bg-ink-950 px-3 py-2"
          />
          {error && (
            <p id="delete-error" role="alert" className="mt-1 text-sm text-red-300">
              {error}
            </p>
          )}
          <div className="mt-3 flex gap-3">
            <button
              type="submit"
              className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-600 disabled:opacity-60"
              disabled={busy || confirm.trim() !== DELETE_CONFIRMATION}
            >
              {t("deletePermanently")}
            </button>
            <button type="button" className={secondary} onClick={() => setOpen(false)}>
              {t("cancel")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
