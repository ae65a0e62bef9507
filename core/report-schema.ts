import { input, multilineText } from "./params";
import { charCount } from "./readable-text";
import { REPORT_TARGET_TYPES } from "./report-target";
import { z } from "./zod";

/**
 * Reports of a video, a comment or a public playlist (issue 22 item 1, issue 32): the reasons a visitor can
 * give, which of them hide the item at once, and the form's one schema (the browser's checks and the server's
 * are the same). Report details are the one text people write that is not checked for minor-suggesting terms:
 * describing such content is what this form is for, and only moderators read it (docs/trust-and-safety.md).
 * The labels here are English, for the console and the admins' mails; the form words the reasons and its
 * field messages (ids of the `report` namespace, server/i18n/messages/report.json) in the page's language.
 */

export const REPORT_REASONS = [
  { value: "non-consensual", label: "Depicts a real person without consent" },
  { value: "minor", label: "May involve a minor" },
  { value: "illegal", label: "Violence or illegal content" },
  { value: "copyright", label: "Copyright" },
  { value: "spam", label: "Spam or abuse" },
  { value: "other", label: "Other" },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]["value"];

/** Safety before reach: these hide the item from the public until a moderator has looked at it. */
export const HIDING_REASONS: ReadonlySet<ReportReason> = new Set(["non-consensual", "minor"]);

export const REPORT_DETAILS_MAX = 2000;

/** A field's message: "Choose a reason for your report.", "Details must be {max} characters or fewer." (max: REPORT_DETAILS_MAX). */
export type ReportProblem = "reasonRequired" | "detailsTooLong";

export function reasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

const REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]];

export const reportFields = z.object({
  reason: z.enum(REASON_VALUES, { error: "reasonRequired" satisfies ReportProblem }),
  details: multilineText(20_000)
    .default("")
    .transform((v) => v.replaceAll("\u0000", "").trim())
    .refine((v) => charCount(v) <= REPORT_DETAILS_MAX, "detailsTooLong" satisfies ReportProblem),
});

export type ReportFields = z.output<typeof reportFields>;
export type ReportErrors = Partial<Record<"reason" | "details", ReportProblem>>;

/** Field messages for the form, first problem per field. */
export function checkReportFields(raw: {
  reason?: string;
  details?: string;
}): { ok: true; fields: ReportFields } | { ok: false; errors: ReportErrors } {
  const parsed = reportFields.safeParse({ reason: raw.reason || undefined, details: raw.details ?? "" });
  if (parsed.success) return { ok: true, fields: parsed.data };
  const errors: ReportErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "reason" || field === "details") && !errors[field])
      errors[field] = field === "reason" ? "reasonRequired" : (issue.message as ReportProblem);
  }
  return { ok: false, errors };
}

export const MODERATION_NOTE = { min: 3, max: 500 } as const;
export const MODERATION_NOTE_MESSAGE = `Give a reason for your decision (${MODERATION_NOTE.min} to ${MODERATION_NOTE.max} characters): it goes into the audit log, and a banned user is shown it.`;

/** The moderation queue's decision form (the console, issue 22 item 2). */
export const moderationDecisionForm = z.object({
  intent: z.enum(["dismiss", "restore", "remove", "ban"]),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  note: multilineText(5000)
    .default("")
    .transform((v) => v.trim()),
});

export function moderationNoteProblem(note: string): string | null {
  const length = charCount(note);
  return length < MODERATION_NOTE.min || length > MODERATION_NOTE.max ? MODERATION_NOTE_MESSAGE : null;
}

export const reportQueueQuery = z.object({ page: input.page });

/** The longest window a burst restore takes: a burst is an hour or a few, never the whole history. */
export const BURST_WINDOW_MAX_HOURS = 72;

export const BURST_TEXTS = {
  when: "Give the time as YYYY-MM-DDTHH:MM in UTC.",
  order: "The window's end must come after its start.",
  tooLong: `A burst restore covers at most ${BURST_WINDOW_MAX_HOURS} hours.`,
  network: "Give a network as the list shows it (203.0.113.0/24 or 2001:db8:1::/48), or leave it empty for all.",
} as const;

/** A `datetime-local` value read as UTC (the console says so beside the field). */
const utcMinute = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, BURST_TEXTS.when)
  .transform((v) => new Date(`${v}Z`))
  .refine((d) => !Number.isNaN(d.getTime()), BURST_TEXTS.when);

/** A reporter network as reports store it (server/db/rate-limit.ts ipNetworkKey). */
const NETWORK_KEY = /^(?:(?:\d{1,3}\.){3}0\/24|[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}::\/48)$/;

/** The queue's "Restore a burst" form (issue 32 item 2). */
export const burstRestoreForm = z
  .object({
    intent: z.literal("restore-burst"),
    from: utcMinute,
    to: utcMinute,
    network: z
      .string()
      .trim()
      .toLowerCase()
      .max(60)
      .refine((v) => v === "" || NETWORK_KEY.test(v), BURST_TEXTS.network)
      .transform((v) => v || null),
    note: multilineText(5000)
      .default("")
      .transform((v) => v.trim()),
  })
  .superRefine((form, ctx) => {
    // Runs after field issues too (zod 4): a field that did not parse is not a Date here, and is reported already.
    const valid = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
    if (!valid(form.from) || !valid(form.to)) return;
    if (form.to <= form.from) ctx.addIssue({ code: "custom", path: ["to"], message: BURST_TEXTS.order });
    else if (form.to.getTime() - form.from.getTime() > BURST_WINDOW_MAX_HOURS * 3_600_000)
      ctx.addIssue({ code: "custom", path: ["to"], message: BURST_TEXTS.tooLong });
  });

/** Everything the queue's page takes: a decision on one item, or a burst restore. */
export const reportQueueForm = z.union([moderationDecisionForm, burstRestoreForm]);
