// FormatJS's formatter (intl-messageformat) without react-intl: a route's messages (ICU, parsed at build
// time; plain text where a message has no argument) come in its loader data and reach its components through
// one context; each message is compiled once per locale for the life of the process (server) or page (browser).
import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";
import { createContext, type ReactNode, useContext } from "react";

// biome-ignore lint/suspicious/noExplicitAny: the parsed messages (MessageFormatElement[]) as JSON
export type Messages = Record<string, any>;
export interface RouteMessages {
  locale: string;
  messages: Messages;
}

// FormatJS's "medium" date (year numeric, month short, day numeric), in UTC on both sides.
const FORMATS = { date: { medium: { timeZone: "UTC" } } };
const compiled = new Map<string, IntlMessageFormat>();

export function format({ locale, messages }: RouteMessages, id: string, values?: Record<string, PrimitiveType>): string {
  if (typeof messages[id] === "string") return messages[id]; // a message without arguments, kept as its text
  if (messages[id] === undefined) return id; // as react-intl does: e.g. the 404 page, where no loader ran
  const key = `${locale}:${id}`;
  let message = compiled.get(key);
  if (!message) compiled.set(key, (message = new IntlMessageFormat(messages[id], locale, FORMATS)));
  return message.format(values) as string;
}

const Context = createContext<RouteMessages>({ locale: "en", messages: {} });

export function RouteMessagesProvider({ value, children }: { value: RouteMessages; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The messages of one namespace ("listing" -> "listing.title"). */
export function useMessages(ns: string) {
  const route = useContext(Context);
  return (id: string, values?: Record<string, PrimitiveType>) => format(route, `${ns}.${id}`, values);
}
