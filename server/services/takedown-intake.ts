import crypto from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import { DEFAULT_LOCALE, type Locale } from "../../core/locales";
import { paramOf, paths } from "../../core/paths";
import { TAKEDOWN_HOURS } from "../../core/takedown-clock";
import {
  REFERENCE_ALPHABET,
  splitUrls,
  type TakedownErrors,
  type TakedownInput,
  type TakedownValues,
  validateTakedown,
} from "../../core/takedown-schema";
import { getDb } from "../db/connection";
import { ipRateLimitKey, type RateLimiter, type RateLimitRule, sharedRateLimiter } from "../db/rate-limit";
import type { Database, TakedownRequestsTable } from "../db/schema";
import { logger } from "../logger";
import { sendMail } from "../mail";
import { invalidatePages } from "../realtime/shared-caches";
import { checkFormToken, spendFormToken } from "./form-token";
import { confirmationMail } from "./takedown-mails";
import { isVideoId } from "./videos";

/**
 * Takedown requests coming in from the public form (issue 22, item 3; docs/decisions/0029-takedowns-and-fingerprints.md):
 * the contact form's rules (core/contact-schema.ts: validate, drop bots quietly, rate-limit per address in the
 * shared store, store), the link to the video named, and the requester's confirmation. No HTTP here.
 */

export const TAKEDOWN_RATE_LIMIT: RateLimitRule = { points: 5, durationSeconds: 60 * 60 };
export const TAKEDOWN_FORM_PURPOSE = "takedown";
const USER_AGENT_MAX = 1000;

export type TakedownRequest = Selectable<TakedownRequestsTable>;

export interface TakedownSubmission {
  values: TakedownValues;
  website: string;
  formToken: string;
  /** The language of the page the request was sent from: the confirmation's (English when not given). */
  locale?: Locale;
}

export type TakedownOutcome =
  | { status: "sent"; reference: string }
  /** A bot: the same success view with a reference that names nothing; nothing is stored or mailed. */
  | { status: "dropped"; reason: "honeypot" | "too-fast"; reference: string }
  | { status: "invalid"; errors: TakedownErrors }
  | { status: "token-invalid" }
  | { status: "token-expired" }
  /** The same form sent again: its token was spent by the first (server/services/form-token.ts). */
  | { status: "token-used" }
  | { status: "rate-limited"; retryAfterMs: number };

export interface TakedownDeps {
  now?: number;
  limiter?: RateLimiter;
  /** Confirmations per recipient (CONFIRMATION_MAIL_LIMIT in the shared store unless a test gives its own). */
  mailLimiter?: RateLimiter;
}

/** `TD-XXXX-XXXX`: 8 characters of 31, about 40 bits, unguessable enough to name a request in e-mail. */
export function newReference(): string {
  const pick = () => REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  const group = () => Array.from({ length: 4 }, pick).join("");
  return `TD-${group()}-${group()}`;
}

export async function submitTakedown(
  sub: TakedownSubmission,
  meta: { ip: string | null; userAgent: string | null },
  deps: TakedownDeps = {},
): Promise<TakedownOutcome> {
  const valid = validateTakedown(sub.values);
  if (!valid.success) return { status: "invalid", errors: valid.errors };
  if (sub.website.trim() !== "") return { status: "dropped", reason: "honeypot", reference: newReference() };
  const token = checkFormToken(sub.formToken, deps.now ?? Date.now(), TAKEDOWN_FORM_PURPOSE);
  if (token.status === "invalid") return { status: "token-invalid" };
  if (token.status === "expired") return { status: "token-expired" };
  if (token.status === "too-fast") return { status: "dropped", reason: "too-fast", reference: newReference() };
  const limiter = deps.limiter ?? sharedRateLimiter("takedown", TAKEDOWN_RATE_LIMIT);
  const decision = await limiter.consume(ipRateLimitKey(meta.ip));
  if (!decision.allowed) return { status: "rate-limited", retryAfterMs: decision.retryAfterMs };
  if (!(await spendFormToken(token, TAKEDOWN_FORM_PURPOSE))) return { status: "token-used" };
  const request = await storeTakedown(valid.data, meta, sub.locale ?? DEFAULT_LOCALE);
  await invalidatePages([paths.trust()]); // its figures count requests received
  await confirm(request, sub.locale ?? DEFAULT_LOCALE, deps.mailLimiter);
  return { status: "sent", reference: request.reference };
}

/** The first URL naming one of this site's video pages (`paths.video(id)`) for a video that exists. */
async function linkedVideo(db: Kysely<Database>, urls: string): Promise<string | null> {
  const ids = splitUrls(urls).flatMap((u) => {
    const id = paramOf(paths.video, new URL(u).pathname);
    return isVideoId(id) ? [id.toLowerCase()] : [];
  });
  if (!ids.length) return null;
  const row = await db.selectFrom("videos").select("id").where("id", "in", ids).limit(1).executeTakeFirst();
  return row?.id ?? null;
}

async function storeTakedown(
  input: TakedownInput,
  meta: { ip: string | null; userAgent: string | null },
  locale: Locale,
): Promise<TakedownRequest> {
  const db = getDb();
  const videoId = await linkedVideo(db, input.urls);
  // A reference that collides (one in a trillion) is drawn again.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .insertInto("takedown_requests")
        .values({
          reference: newReference(),
          kind: input.kind,
          name: input.name,
          email: input.email,
          urls: splitUrls(input.urls).join("\n"),
          description: input.description,
          signature: input.signature,
          video_id: videoId,
          ip_address: meta.ip,
          user_agent: meta.userAgent ? meta.userAgent.slice(0, USER_AGENT_MAX) : null,
          locale, // the outcome mail's language (takedown-resolution.ts)
          // created_at and due_at: the database's clock, so every instance agrees on the deadline.
          due_at: sql<Date>`now() + make_interval(hours => ${TAKEDOWN_HOURS})`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if ((err as { code?: string }).code !== "23505" || attempt > 3) throw err;
    }
  }
}

/** Confirmations one address receives: enough for a person's requests, too few to flood someone else's inbox. */
export const CONFIRMATION_MAIL_LIMIT: RateLimitRule = { points: 3, durationSeconds: 24 * 60 * 60 };

/** Sends the confirmation unless its address had its share today; the request is stored either way. */
async function confirm(request: TakedownRequest, locale: Locale, limiter?: RateLimiter): Promise<void> {
  const decision = await (limiter ?? sharedRateLimiter("confirmation-mail", CONFIRMATION_MAIL_LIMIT)).consume(request.email.toLowerCase());
  if (!decision.allowed) {
    logger.info({ reference: request.reference }, "takedown confirmation not sent: its address had its share of confirmations today");
    return;
  }
  // The request is on record whatever the mail does; a failed confirmation is logged, not shown as a failure.
  await sendMail(confirmationMail(request, locale)).catch((err: unknown) =>
    logger.error({ err, reference: request.reference }, "takedown confirmation e-mail failed"),
  );
}
