import { Link } from "react-router";
import { paths } from "~core/paths";
import { TRANSLATED_LOCALES, type TranslatedLocale, type TranslationStatus } from "~core/translations";

/** A post's state in each other language (docs/i18n.md "Content"), as the console's list and editor show it. */
export type TranslationStatuses = Record<TranslatedLocale, TranslationStatus>;

const STATUS_TEXT: Record<TranslationStatus, string> = { published: "Published", draft: "Draft", missing: "Missing" };
const STATUS_CLASS: Record<TranslationStatus, string> = {
  published: "border-emerald-700 bg-emerald-900/50 text-emerald-100",
  draft: "border-amber-700 bg-amber-900/40 text-amber-100",
  missing: "border-ink-700 bg-ink-900 text-zinc-300",
};

/** The console stays English (docs/i18n.md): each language named in English, the same on server and browser. */
export const LANGUAGE_NAMES: Record<TranslatedLocale, string> = {
  de: "German",
  fr: "French",
  es: "Spanish",
  "pt-BR": "Brazilian Portuguese",
  ja: "Japanese",
  ar: "Arabic",
};

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
            className={`${chip} ${STATUS_CLASS[statuses[locale]]} ${current === locale ? "ring-2 ring-brand-500" : ""}`}
          >
            {LANGUAGE_NAMES[locale]}: {STATUS_TEXT[statuses[locale]]}
          </Link>
        </li>
      ))}
    </ul>
  );
  // The editor's switcher is a navigation landmark; the list's rows show theirs as plain lists.
  return current ? <nav aria-label={label}>{list}</nav> : list;
}
