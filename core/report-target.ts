/**
 * What can be reported: every video, comment and public playlist has a Report link (core/paths.ts builds it).
 * Apart from core/report-schema.ts (the form's zod schema), so the video page's scripts do not carry zod for a link.
 */
export const REPORT_TARGET_TYPES = ["video", "comment", "playlist"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export type ReportTarget = { type: ReportTargetType; id: string };
