import { Form } from "react-router";
import { useMessages } from "~/lib/i18n";
import { LOCALE_INFO, LOCALES } from "~core/locales";
import { SaveResult } from "./SaveResult";

/**
 * The account's language (docs/i18n.md "Choosing a language"): kept on the account and in this browser's language
 * cookie; saving opens the settings in the chosen language. Plain form post: works without JavaScript.
 */
export function LanguageSetting({
  chosen,
  busy,
  result,
  className,
  buttonClassName,
}: {
  chosen: string | null;
  busy: boolean;
  result: { notice: string | null; error: string | null } | null;
  className: string;
  buttonClassName: string;
}) {
  const t = useMessages("account");
  return (
    <section aria-labelledby="language-heading" className={className}>
      <h2 id="language-heading" className="text-lg font-semibold">
        {t("languageHeading")}
      </h2>
      <Form method="post" className="mt-3" key={chosen ?? ""}>
        <input type="hidden" name="intent" value="language" />
        <label htmlFor="account-language" className="block text-sm text-zinc-400">
          {t("languageHelp")}
        </label>
        <select
          id="account-language"
          name="locale"
          defaultValue={chosen ?? ""}
          className="mt-2 block w-full max-w-xs rounded-lg border border-zinc-500 bg-ink-950 px-3 py-2 text-sm"
        >
          <option value="">{t("languageNone")}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_INFO[locale].name}
            </option>
          ))}
        </select>
        <button type="submit" className={`${buttonClassName} mt-3`} disabled={busy}>
          {busy ? t("saving") : t("save")}
        </button>
        <SaveResult result={result} />
      </Form>
    </section>
  );
}
