import type { Selectable } from "kysely";
import { DEFAULT_LOCALE, type Locale } from "../../core/locales";
import type { MessageValues } from "../../core/messages";
import { paths } from "../../core/paths";
import { site } from "../../core/site";
import { TAKEDOWN_HOURS } from "../../core/takedown-clock";
import { TAKEDOWN_KIND_MESSAGES, TAKEDOWN_KINDS, type TakedownKind } from "../../core/takedown-schema";
import type { TakedownRequestsTable } from "../db/schema";
import { type MessageId, translate } from "../i18n/catalog";
import { mailOrigin } from "../site-url";

/**
 * The three mails of a takedown request (docs/decisions/0029-takedowns-and-fingerprints.md, docs/trust-and-safety.md
 * §3): the requester's confirmation and outcome, in the language of the page the request was sent from (the
 * `takedownMail` texts; English by default), and the admins' notice of requests past their 48 hours, in English like
 * the console. Their words only; who gets them and when is up to takedown-intake.ts, takedown-resolution.ts and
 * takedown-overdue-notice.ts.
 */

type StoredRequest = Selectable<TakedownRequestsTable>;

/** A kind's English label, as the console and the admins' notice show it. */
export const kindLabel = (kind: string) => TAKEDOWN_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** A kind's label in the requester's language. */
const kindIn = (locale: Locale, kind: TakedownKind) => translate(locale, "takedown", TAKEDOWN_KIND_MESSAGES[kind]);

/** The requester's mails' texts in `locale`. */
const wording = (locale: Locale) => (id: MessageId<"takedownMail">, values?: MessageValues) =>
  translate(locale, "takedownMail", id, values);

const DUE_FORMATS = new Map<Locale, Intl.DateTimeFormat>();

/** The due time in UTC: English keeps its RFC 7231 form ("Sat, 28 Nov 2026 12:00:00 GMT"), the others their own. */
function dueIn(locale: Locale, due: Date): string {
  if (locale === DEFAULT_LOCALE) return due.toUTCString();
  let format = DUE_FORMATS.get(locale);
  if (!format) {
    const options = {
      timeZone: "UTC",
      timeZoneName: "short",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    } as const;
    format = new Intl.DateTimeFormat(locale, options);
    DUE_FORMATS.set(locale, format);
  }
  return format.format(due);
}

/**
 * The confirmation: the reference and the site's own words only (issue 32 item 4). Nothing the requester typed
 * (a name, addresses that could be links elsewhere) is repeated, so the form cannot be used to send someone else
 * a message in the site's name; it goes to the one bare address given (EMAIL_PATTERN).
 */
export function confirmationMail(r: StoredRequest, locale: Locale = DEFAULT_LOCALE) {
  const say = wording(locale);
  const reference = r.reference;
  return {
    to: r.email,
    subject: say("confirmationSubject", { reference }),
    text: [
      say("greeting"),
      "",
      say("confirmationReceived", { reference }),
      "",
      say("confirmationKind", { kind: kindIn(locale, r.kind) }),
      say("confirmationAddresses", { count: r.urls.split("\n").filter(Boolean).length }),
      "",
      say("confirmationClock", { hours: TAKEDOWN_HOURS, due: dueIn(locale, r.due_at) }),
      say("confirmationIgnore"),
      "",
      say("signature", { site: site.name }),
    ].join("\n"),
  };
}

/**
 * The outcome, to the requester: removed or not, with the admin's note (as the admin wrote it). In `locale`, the
 * language the request was sent in when the request keeps it; today's requests do not (English).
 */
export function outcomeMail(r: StoredRequest, locale: Locale = DEFAULT_LOCALE) {
  const say = wording(locale);
  const removed = r.status === "removed";
  const reference = r.reference;
  return {
    to: r.email,
    subject: say(removed ? "outcomeSubjectRemoved" : "outcomeSubjectKept", { reference }),
    text: [
      say("greetingName", { name: r.name }),
      "",
      removed ? say("outcomeRemoved", { reference, site: site.name }) : say("outcomeKept", { reference }),
      r.outcome ? `\n${say("outcomeNote", { note: r.outcome })}` : "",
      "",
      say("outcomeQuestions", { email: site.contactEmail, reference }),
      "",
      say("signature", { site: site.name }),
    ].join("\n"),
  };
}

/** The notice every admin gets of open requests past their due time, each with its addresses. */
export function overdueMail(overdue: Pick<StoredRequest, "reference" | "kind" | "created_at" | "due_at" | "urls">[]) {
  const list = overdue.map(
    (r) =>
      `- ${r.reference} (${kindLabel(r.kind)}), received ${r.created_at.toUTCString()}, due ${r.due_at.toUTCString()}\n  ${r.urls.split("\n").join("\n  ")}`,
  );
  return {
    subject: `Overdue takedown requests: ${overdue.map((r) => r.reference).join(", ")}`,
    text: [
      "These takedown requests are past their 48-hour deadline and still open:",
      "",
      ...list,
      "",
      `Resolve them in the console: ${mailOrigin()}${paths.admin.takedowns()}`,
    ].join("\n"),
  };
}
