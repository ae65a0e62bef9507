import { Link } from "react-router";
import { TRANSLATION_LIST_LIMIT, type TranslationSection } from "~core/translation-schema";
import { TRANSLATED_LOCALES } from "~core/translations";
import { SectionHeader } from "../console-ui";
import { languageName, TranslationStatusBadge } from "./translation-labels";

/**
 * The console's "Translations" page: for each kind of content (one section each), how many items each language
 * misses or has only as a draft, then the items not published in every language, each linking its edit form
 * (and, for a kind edited a language at a time, each language's).
 */
export function TranslationsConsole({ sections }: { sections: TranslationSection[] }) {
  return (
    <div>
      <SectionHeader title="Translations">
        <p>
          English is the source. What is missing or a draft shows in English on that language's pages, marked as English. Counts cover
          everything; the lists show the first {TRANSLATION_LIST_LIMIT} items not published in every language.
        </p>
      </SectionHeader>
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={`translations-${s.id}`} className="mt-6 space-y-3">
          <h2 id={`translations-${s.id}`} className="text-lg font-bold">
            {s.title} <span className="text-sm font-normal text-zinc-400">({s.total})</span>
          </h2>
          <table className="w-full text-sm">
            <caption className="sr-only">{s.title}: missing and draft translations per language</caption>
            <thead>
              <tr className="text-start text-zinc-400">
                <th scope="col" className="py-1 text-start">
                  Language
                </th>
                <th scope="col" className="py-1 text-end">
                  Missing
                </th>
                <th scope="col" className="py-1 text-end">
                  Draft
                </th>
              </tr>
            </thead>
            <tbody>
              {s.counts.map((c) => (
                <tr key={c.locale} className="border-t border-ink-800">
                  <th scope="row" className="py-1 text-start font-medium">
                    {languageName(c.locale)}
                  </th>
                  <td className="py-1 text-end tabular-nums">{c.missing}</td>
                  <td className="py-1 text-end tabular-nums">{c.draft}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {s.items.length === 0 ? (
            <p className="rounded-xl border border-ink-700 bg-ink-900/60 p-4 text-sm text-zinc-300">
              Everything is published in every language.
            </p>
          ) : (
            <ul aria-label={`${s.title} not published in every language`} className="space-y-2">
              {s.items.map((item) => (
                <li key={item.href} className="rounded-xl border border-ink-700 bg-ink-900/60 p-3">
                  <Link to={item.href} className="font-semibold hover:underline">
                    {item.label}
                  </Link>
                  <ul className="mt-2 flex flex-wrap gap-2 text-xs">
                    {TRANSLATED_LOCALES.filter((l) => item.status[l] !== "published").map((l) => (
                      <li key={l} className="flex items-center gap-1">
                        {item.languageHrefs ? (
                          <Link to={item.languageHrefs[l]} className="hover:underline">
                            {languageName(l)}
                          </Link>
                        ) : (
                          languageName(l)
                        )}{" "}
                        <TranslationStatusBadge status={item.status[l]} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
