import type { Selectable } from "kysely";
import { type ContactErrors, type ContactInput, type ContactValues, validateContact } from "../../core/contact-schema";
import { getDb } from "../db/connection";
import { ipRateLimitKey, type RateLimiter, type RateLimitRule, sharedRateLimiter } from "../db/rate-limit";
import type { ContactMessagesTable } from "../db/schema";
import { checkFormToken, spendFormToken } from "./form-token";

/** Contact form rules (docs/product.md "Contact form"): validate, drop bots quietly, rate-limit, store. */

export const CONTACT_RATE_LIMIT: RateLimitRule = { points: 5, durationSeconds: 10 * 60 };
const USER_AGENT_MAX = 1000;

export type ContactMessage = Selectable<ContactMessagesTable>;

export interface ContactSubmission {
  values: ContactValues;
  /** The honeypot field. */
  website: string;
  formToken: string;
}

export interface ContactRequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export type ContactOutcome =
  | { status: "sent"; id: string }
  /** A bot: the visitor sees the same success view, nothing is stored. */
  | { status: "dropped"; reason: "honeypot" | "too-fast" }
  | { status: "invalid"; errors: ContactErrors }
  | { status: "token-invalid" }
  | { status: "token-expired" }
  /** The same form sent again: its token was spent by the first (server/services/form-token.ts). */
  | { status: "token-used" }
  | { status: "rate-limited"; retryAfterMs: number };

export interface ContactDeps {
  now?: number;
  limiter?: RateLimiter;
  /** Where an accepted message goes (storeContactMessage unless a test gives a failing one). */
  store?: (input: ContactInput, meta: ContactRequestMeta) => Promise<string>;
}

/**
 * Field errors come first so a person always learns what to fix; then the anti-bot checks; then the
 * per-IP limit (only submissions that would really be stored use up the allowance). Store failures throw.
 */
export async function submitContactForm(sub: ContactSubmission, meta: ContactRequestMeta, deps: ContactDeps = {}): Promise<ContactOutcome> {
  const valid = validateContact(sub.values);
  if (!valid.success) return { status: "invalid", errors: valid.errors };
  if (sub.website.trim() !== "") return { status: "dropped", reason: "honeypot" };
  const token = checkFormToken(sub.formToken, deps.now ?? Date.now());
  if (token.status === "invalid") return { status: "token-invalid" };
  if (token.status === "expired") return { status: "token-expired" };
  if (token.status === "too-fast") return { status: "dropped", reason: "too-fast" };
  const limiter = deps.limiter ?? sharedRateLimiter("contact", CONTACT_RATE_LIMIT);
  const decision = await limiter.consume(ipRateLimitKey(meta.ip));
  if (!decision.allowed) return { status: "rate-limited", retryAfterMs: decision.retryAfterMs };
  if (!(await spendFormToken(token))) return { status: "token-used" };
  const id = await (deps.store ?? storeContactMessage)(valid.data, meta);
  return { status: "sent", id };
}

export async function storeContactMessage(input: ContactInput, meta: ContactRequestMeta): Promise<string> {
  const row = await getDb()
    .insertInto("contact_messages")
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      ip_address: meta.ip,
      user_agent: meta.userAgent ? meta.userAgent.slice(0, USER_AGENT_MAX) : null,
      // created_at: the database's clock (microseconds), so messages sent within one millisecond keep their order.
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The most messages of one sender listed at once: anyone may write (rate-limited), so the list grows. */
export const MAX_MESSAGES_BY_EMAIL = 200;

/** Messages from one sender, oldest first, at most MAX_MESSAGES_BY_EMAIL (contact inbox, test hooks). */
export async function listContactMessagesByEmail(email: string): Promise<ContactMessage[]> {
  return getDb()
    .selectFrom("contact_messages")
    .selectAll()
    .where("email", "=", email)
    .orderBy("created_at")
    .orderBy("id")
    .limit(MAX_MESSAGES_BY_EMAIL)
    .execute();
}

/** The dashboard's unread count lives with the console inbox. */
export { countUnreadContactMessages } from "./contact-inbox";
