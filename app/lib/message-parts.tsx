import { Fragment, type ReactNode } from "react";

/** A character no message contains (Unicode's private use area): it marks where an element goes. */
const MARK = "\uE000";
const SLOT = new RegExp(`${MARK}([^${MARK}]+)${MARK}`);

/**
 * A translated sentence with elements inside it (a link, a bold word, a figure): the message names each as an
 * argument (`"send a {link}."`), so every language puts it where its grammar wants, and no sentence is pieced
 * together from fragments. `format` gets a placeholder per element to pass as the message's values:
 * `withElements((slots) => t("takedownBody", slots), { link: <Link …>{t("takedownLink")}</Link> })`.
 */
export function withElements<K extends string>(format: (slots: Record<K, string>) => string, elements: Record<K, ReactNode>): ReactNode {
  const slots = Object.fromEntries(Object.keys(elements).map((name) => [name, `${MARK}${name}${MARK}`])) as Record<K, string>;
  // split() with a capturing group: text, element name, text, element name, …, text.
  const pieces = format(slots).split(SLOT);
  return pieces.map((piece, i) => (i % 2 === 0 ? piece : <Fragment key={i}>{elements[piece as K]}</Fragment>));
}
