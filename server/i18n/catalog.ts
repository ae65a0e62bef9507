import { parse } from "@formatjs/icu-messageformat-parser";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../core/locales";
import { formatMessage, type MessageBundle, type MessageValues, type ParsedMessage } from "../../core/messages";
import account from "./messages/account.json" with { type: "json" };
import ageCheck from "./messages/ageCheck.json" with { type: "json" };
import auth from "./messages/auth.json" with { type: "json" };
import blog from "./messages/blog.json" with { type: "json" };
import common from "./messages/common.json" with { type: "json" };
import community from "./messages/community.json" with { type: "json" };
import contact from "./messages/contact.json" with { type: "json" };
import forms from "./messages/forms.json" with { type: "json" };
import languageOffer from "./messages/languageOffer.json" with { type: "json" };
import listing from "./messages/listing.json" with { type: "json" };
import pages from "./messages/pages.json" with { type: "json" };
import player from "./messages/player.json" with { type: "json" };
import playlists from "./messages/playlists.json" with { type: "json" };
import report from "./messages/report.json" with { type: "json" };
import takedown from "./messages/takedown.json" with { type: "json" };
import takedownMail from "./messages/takedown-mail.json" with { type: "json" };
import trust from "./messages/trust.json" with { type: "json" };
import unavailable from "./messages/unavailable.json" with { type: "json" };
import video from "./messages/video.json" with { type: "json" };

/**
 * The site's texts in every language it speaks (docs/i18n.md): one file per namespace under server/i18n/messages/
 * (`common` for the layout, one per page or feature), each holding every language's ICU MessageFormat texts side
 * by side. English is the reference: it types the ids (`MessageId`), and catalog.test.ts holds every other language
 * to the same ids, the same arguments and its own plural categories. A text a language lacks falls back to English
 * (that test fails on it first). Parsed here, once per language and namespace; a page receives the namespaces it shows.
 */
const NAMESPACES = {
  account,
  ageCheck,
  auth,
  blog,
  common,
  community,
  contact,
  forms,
  languageOffer,
  listing,
  pages,
  player,
  playlists,
  report,
  takedown,
  takedownMail,
  trust,
  unavailable,
  video,
} satisfies Record<string, Record<Locale, Record<string, string>>>;

export type Namespace = keyof typeof NAMESPACES;
export type MessageId<N extends Namespace> = keyof (typeof NAMESPACES)[N]["en"] & string;
/** Every namespace's texts per language (for the catalog's tests). */
export const CATALOG: Record<Namespace, Record<Locale, Record<string, string>>> = NAMESPACES;

const parsed = new Map<string, Record<string, ParsedMessage>>();

/** A message parsed for the formatter: its text when it has no argument (the common case), else its AST. */
export function parseMessage(text: string): ParsedMessage {
  const ast = parse(text, { ignoreTag: true });
  const [only] = ast;
  return ast.length === 1 && only?.type === 0 /* literal */ ? only.value : ast.length === 0 ? "" : ast;
}

function namespaceIn(locale: Locale, ns: Namespace): Record<string, ParsedMessage> {
  const key = `${locale}:${ns}`;
  let messages = parsed.get(key);
  if (!messages) {
    const reference = CATALOG[ns][DEFAULT_LOCALE];
    const own = CATALOG[ns][locale];
    messages = {};
    for (const [id, text] of Object.entries(reference)) messages[`${ns}.${id}`] = parseMessage(own[id] ?? text);
    parsed.set(key, messages);
  }
  return messages;
}

/** Bundles already put together, by language and namespaces (the routes ask a few fixed sets). */
const bundles = new Map<string, MessageBundle>();

/**
 * `locale`'s messages of `namespaces`, for a page's loader data (the browser formats them with core/messages.ts):
 * built once per language and set of namespaces, not on every render.
 */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): MessageBundle {
  const key = `${locale}:${namespaces.join(",")}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = { locale, messages: Object.assign({}, ...namespaces.map((ns) => namespaceIn(locale, ns))) };
    bundles.set(key, bundle);
  }
  return bundle;
}

/** A text formatted on the server (titles and descriptions in `meta`, mails, answers of endpoints). */
export function translate<N extends Namespace>(locale: Locale, ns: N, id: MessageId<N>, values?: MessageValues): string {
  return formatMessage({ locale, messages: namespaceIn(locale, ns) }, `${ns}.${id}`, values);
}

/** Every language's parsed catalog at once: a start-up check that each text parses (a typo fails the start, not a page). */
export function parseAllMessages(): void {
  for (const locale of LOCALES) for (const ns of Object.keys(CATALOG) as Namespace[]) namespaceIn(locale, ns);
}
