/**
 * Where an item is reported: the Report links on every video, comment and public playlist. Apart from
 * core/report-schema.ts (the form's zod schema), so the video page's scripts do not carry zod for a link.
 */
export const REPORT_TARGET_TYPES = ["video", "comment", "playlist"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export type ReportTarget = { type: ReportTargetType; id: string };

/** The report page for an item (works without JavaScript: a plain link to a form). */
export function reportPath(target: ReportTarget): string {
  return `/report?${target.type}=${target.id}`;
}
