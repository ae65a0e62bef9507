import type { Selectable } from "kysely";
import { paths } from "../../core/paths";
import { site } from "../../core/site";
import { TAKEDOWN_HOURS } from "../../core/takedown-clock";
import { TAKEDOWN_KINDS } from "../../core/takedown-schema";
import type { TakedownRequestsTable } from "../db/schema";
import { mailOrigin } from "../site-url";

/**
 * The three mails of a takedown request (docs/decisions/0029-takedowns-and-fingerprints.md, docs/trust-and-safety.md
 * §3): the requester's confirmation and outcome, and the admins' notice of requests past their 48 hours. Their
 * words only; who gets them and when is up to takedown-intake.ts, takedown-resolution.ts and
 * takedown-overdue-notice.ts.
 */

type StoredRequest = Selectable<TakedownRequestsTable>;

export const kindLabel = (kind: string) => TAKEDOWN_KINDS.find((k) => k.value === kind)?.label ?? kind;

/**
 * The confirmation: the reference and the site's own words only (issue 32 item 4). Nothing the requester typed
 * (a name, addresses that could be links elsewhere) is repeated, so the form cannot be used to send someone else
 * a message in the site's name; it goes to the one bare address given (EMAIL_PATTERN).
 */
export function confirmationMail(r: StoredRequest) {
  const addresses = r.urls.split("\n").filter(Boolean).length;
  return {
    to: r.email,
    subject: `Takedown request received: ${r.reference}`,
    text: [
      "Hello,",
      "",
      `We received a takedown request sent with this e-mail address. Its reference is ${r.reference}.`,
      "",
      `Type: ${kindLabel(r.kind)}`,
      `Addresses named: ${addresses}`,
      "",
      `We review every request and act on valid ones within ${TAKEDOWN_HOURS} hours, by ${r.due_at.toUTCString()}. We will write to you with the outcome.`,
      "If you did not send this request, you can ignore this message.",
      "",
      `${site.name} trust and safety`,
    ].join("\n"),
  };
}

/** The outcome, to the requester: removed or not, with the admin's note. */
export function outcomeMail(r: StoredRequest) {
  const removed = r.status === "removed";
  return {
    to: r.email,
    subject: `Takedown request ${r.reference}: ${removed ? "material removed" : "not removed"}`,
    text: [
      `Hello ${r.name},`,
      "",
      removed
        ? `We have removed the material named in your request ${r.reference}. It is no longer available on ${site.name}, and the same file cannot be published again.`
        : `We reviewed your request ${r.reference} and did not remove the material.`,
      r.outcome ? `\nOur note: ${r.outcome}` : "",
      "",
      `If you have questions, reply to ${site.contactEmail} quoting ${r.reference}.`,
      "",
      `${site.name} trust and safety`,
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
