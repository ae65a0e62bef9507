import { Link } from "react-router";
import { paths } from "~core/paths";
import { TRANSLATED_LOCALES, type TranslatedLocale, type TranslationStatus } from "~core/translations";
import { languageName, STATUS_LABEL, statusToneClass } from "./translations/translation-labels";

/** A post's state in each other language (docs/i18n.md "Content"), as the console's list and editor show it. */
export type TranslationStatuses = Record<TranslatedLocale, TranslationStatus>;

/**
 * Links to a post's editor in each language, each saying its state: the list's row shows them, the editor uses
 * them as its language switcher (`current`: the language open, "en" for the English post).
 */
export function BlogLanguages({
  postId,
  statuses,
  current,
  label,
}: {
  postId: string;
  statuses: TranslationStatuses;
  current?: string;
  label: string;
}) {
  const chip = "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium hover:underline";
  const list = (
    <ul className="flex flex-wrap gap-1.5" aria-label={current ? undefined : label}>
      {current && (
        <li>
          <Link
            to={paths.admin.blogPost(postId)}
            aria-current={current === "en" ? "page" : undefined}
            className={`${chip} border-ink-600 bg-ink-800 text-zinc-100 ${current === "en" ? "ring-2 ring-brand-500" : ""}`}
          >
            English (original)
          </Link>
        </li>
      )}
      {TRANSLATED_LOCALES.map((locale) => (
        <li key={locale}>
          <Link
            to={paths.admin.blogPost(postId, { lang: locale })}
            aria-current={current === locale ? "page" : undefined}
            data-status={statuses[locale]}
            className={`${chip} ${statusToneClass(statuses[locale])} ${current === locale ? "ring-2 ring-brand-500" : ""}`}
          >
            {languageName(locale)}: {STATUS_LABEL[statuses[locale]]}
          </Link>
        </li>
      ))}
    </ul>
  );
  // The editor's switcher is a navigation landmark; the list's rows show theirs as plain lists.
  return current ? <nav aria-label={label}>{list}</nav> : list;
}
