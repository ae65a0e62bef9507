import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";
import { intlFormatters } from "./intl-formatters.ts";
import type { Locale } from "./locales";

/**
 * Formatting the site's texts (docs/i18n.md, docs/decisions/0041-i18n-library.md): ICU messages, parsed by the
 * server (server/i18n/catalog.ts), formatted by FormatJS's `intl-messageformat` through `Intl` (plurals, numbers,
 * dates) on the server and in the browser alike. The browser's bundle has no parser (vite/formatjs-client.ts):
 * it only ever receives parsed messages, in the loader data of the page that shows them.
 */

/** A parsed message (FormatJS's AST, as JSON), or its text when it has no argument. */
export type ParsedMessage = string | MessageFormatElement[];

/** One language's messages of some namespaces, keyed `namespace.id`, as a page's loader data carries them. */
export interface MessageBundle {
  locale: Locale;
  messages: Record<string, ParsedMessage>;
}

export type MessageValues = Record<string, PrimitiveType>;

// Dates are the site's calendar days in UTC on both sides (the server's render and the browser's must agree).
const FORMATS = { date: { medium: { timeZone: "UTC" } }, time: { short: { timeZone: "UTC" } } };

/** Compiled once per language and message for the life of the process (server) or the page (browser). */
const compiled = new Map<string, IntlMessageFormat>();

/**
 * The text of message `key` ("namespace.id") in `bundle`'s language. A key the bundle lacks is a bug (the route
 * did not load its namespace, or the catalog misses it): the key itself shows, and the catalog tests fail on it.
 */
export function formatMessage(bundle: MessageBundle, key: string, values?: MessageValues): string {
  const message = bundle.messages[key];
  if (typeof message === "string") return message;
  if (message === undefined) return key;
  const cacheKey = `${bundle.locale}\u0000${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(message, bundle.locale, FORMATS, { ignoreTag: true, formatters: intlFormatters });
    compiled.set(cacheKey, format);
  }
  return String(format.format(values));
}
