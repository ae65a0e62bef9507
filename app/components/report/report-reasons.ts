import type { Translate } from "~/lib/i18n";
import type { ReportReason } from "~core/report-schema";
import type { MessageId } from "../../../server/i18n/catalog";

/**
 * Each report reason's label in the page's language (namespace `report`): the report form offers them and the
 * transparency page counts them, in the same words. The console keeps REPORT_REASONS' English ones.
 */
const REASON_LABELS = {
  "non-consensual": "reasonNonConsensual",
  minor: "reasonMinor",
  illegal: "reasonIllegal",
  copyright: "reasonCopyright",
  spam: "reasonSpam",
  other: "reasonOther",
} as const satisfies Record<ReportReason, MessageId<"report">>;

/** A reason's label; one the site no longer offers (an old report's) shows as stored. */
export function reasonLabel(t: Translate<"report">, reason: string): string {
  return Object.hasOwn(REASON_LABELS, reason) ? t(REASON_LABELS[reason as ReportReason]) : reason;
}
