/**
 * What can be reported: every video, comment and public playlist has a Report link (core/paths.ts builds it).
 * Apart from core/report-schema.ts (the form's zod schema), so the video page's scripts do not carry zod for a link.
 */
export const REPORT_TARGET_TYPES = ["video", "comment", "playlist"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export type ReportTarget = { type: ReportTargetType; id: string };

/** A reported comment as the moderation queue shows it, with its author (server/services/moderation-queue.ts). */
export interface QueuedComment {
  text: string;
  deleted: boolean;
  authorId: string | null;
  authorEmail: string | null;
  authorBanned: boolean;
}

/** A reported playlist as the moderation queue shows it, with its owner. */
export interface QueuedPlaylist {
  title: string;
  description: string;
  isPublic: boolean;
  authorId: string;
  authorEmail: string | null;
  authorBanned: boolean;
}
