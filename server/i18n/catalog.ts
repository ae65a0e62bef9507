import { createHash } from "node:crypto";
import { parse } from "@formatjs/icu-messageformat-parser";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../core/locales.ts";
import { formatMessage, type MessageValues, type ParsedMessage } from "../../core/messages.ts";
import account from "./messages/account.json" with { type: "json" };
import ageCheck from "./messages/ageCheck.json" with { type: "json" };
import auth from "./messages/auth.json" with { type: "json" };
import blog from "./messages/blog.json" with { type: "json" };
import captionStyle from "./messages/captionStyle.json" with { type: "json" };
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
 * (that test fails on it first). Parsed here, once per language and namespace: the server renders from these, the
 * browser fetches the same as one file per language and namespace (app/lib/texts.ts, vite/texts-files.ts).
 */
const NAMESPACES = {
  account,
  ageCheck,
  auth,
  blog,
  captionStyle,
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

/** One namespace's parsed messages in one language, keyed `namespace.id`. */
export type NamespaceTexts = Record<string, ParsedMessage>;

/** What a page's loader data says about its texts: the language and the namespaces its routes show. */
export interface PageTexts {
  locale: Locale;
  namespaces: readonly Namespace[];
}

/** Where components find texts (app/lib/texts.ts): this catalog on the server, the texts' files in the browser. */
export interface TextSource {
  /** The namespace's texts if they are at hand. */
  read(locale: Locale, ns: Namespace): NamespaceTexts | undefined;
  /** Fetches them (the browser); settles with whatever it got, an empty set on failure, never rejects. */
  load(locale: Locale, ns: Namespace): Promise<NamespaceTexts>;
}

const parsed = new Map<string, NamespaceTexts>();

/** A message parsed for the formatter: its text when it has no argument (the common case), else its AST. */
export function parseMessage(text: string): ParsedMessage {
  const ast = parse(text, { ignoreTag: true });
  const [only] = ast;
  return ast.length === 1 && only?.type === 0 /* literal */ ? only.value : ast.length === 0 ? "" : ast;
}

/** `ns`'s messages in `locale`, keyed `namespace.id`, English where the language lacks one. */
export function namespaceTexts(locale: Locale, ns: Namespace): NamespaceTexts {
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

/** The server's source of texts: the catalog itself, every namespace at hand (app/lib/texts.ts). */
export const catalogTexts: TextSource = {
  read: namespaceTexts,
  load: async (locale, ns) => namespaceTexts(locale, ns),
};

/**
 * Which texts a page shows, for its loader data: the language and the namespaces. The texts themselves are not
 * in the page (app/lib/texts.ts): the server renders from the catalog, the browser fetches each namespace's file.
 */
export function pageTexts(locale: Locale, namespaces: readonly Namespace[]): PageTexts {
  return { locale, namespaces };
}

let version: string | undefined;

/** A digest of every text: the folder of the texts' files, so a changed text is a new address (cached for a year). */
export function textsVersion(): string {
  version ??= createHash("sha256").update(JSON.stringify(CATALOG)).digest("hex").slice(0, 12);
  return version;
}

/** Every language's and namespace's file as the browser fetches it (vite/texts-files.ts writes them, app/lib/texts.ts names them). */
export function textFiles(): { locale: Locale; ns: Namespace; json: string }[] {
  return LOCALES.flatMap((locale) =>
    (Object.keys(CATALOG) as Namespace[]).map((ns) => ({ locale, ns, json: JSON.stringify(namespaceTexts(locale, ns)) })),
  );
}

/** A text formatted on the server (titles and descriptions in `meta`, mails, answers of endpoints). */
export function translate<N extends Namespace>(locale: Locale, ns: N, id: MessageId<N>, values?: MessageValues): string {
  return formatMessage({ locale, messages: namespaceTexts(locale, ns) }, `${ns}.${id}`, values);
}

/** Every language's parsed catalog at once: a start-up check that each text parses (a typo fails the start, not a page). */
export function parseAllMessages(): void {
  for (const locale of LOCALES) for (const ns of Object.keys(CATALOG) as Namespace[]) namespaceTexts(locale, ns);
}
