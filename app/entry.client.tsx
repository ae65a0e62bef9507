import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLocale, type Locale } from "~core/locales";
import type { Namespace } from "../server/i18n/catalog";
import { carryOverEarlyInput } from "./lib/early-input";
import { type NamespaceTexts, provideTexts, textsFilePath } from "./lib/texts";

/**
 * The browser's texts (app/lib/texts.ts): each language's namespace fetched once from its file (cached for a year
 * under the texts' version) and kept for the life of the page. A failed fetch settles with no texts, so the page
 * shows message ids rather than an error (and the next page load fetches again).
 */
const loaded = new Map<string, NamespaceTexts>();
const loading = new Map<string, Promise<NamespaceTexts>>();

function load(locale: Locale, ns: Namespace): Promise<NamespaceTexts> {
  const key = `${locale}/${ns}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = fetch(textsFilePath(__TEXTS_VERSION__, locale, ns))
      .then((res) => (res.ok ? (res.json() as Promise<NamespaceTexts>) : {}))
      .catch(() => ({}))
      .then((texts) => {
        loaded.set(key, texts);
        return texts;
      });
    loading.set(key, pending);
  }
  return pending;
}

provideTexts({ read: (locale, ns) => loaded.get(`${locale}/${ns}`), load });

/** The namespaces the server rendered with, named by the page's preload links (app/root.tsx), before hydrating. */
const rendered = [...document.querySelectorAll<HTMLLinkElement>("link[data-texts]")].flatMap((link) => {
  const locale = link.dataset.locale;
  return isLocale(locale) ? [load(locale, link.dataset.texts as Namespace)] : [];
});

Promise.all(rendered).then(() => {
  carryOverEarlyInput();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
