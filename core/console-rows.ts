import type { ConsoleRole } from "./console-schema";
import type { PreRollSettings } from "./preroll";
import type { QueuedComment, QueuedPlaylist, ReportTarget } from "./report-target";

/**
 * The rows the console's services return and its sections show, declared once for both (server/ and app/ meet in
 * core/: docs/architecture.md "Request path", Layers). `D` is how a date travels: a Date in server/services, its ISO
 * string (`D = string`) once the section's loader has sent it.
 */

/** Dashboard: the site's totals. */
export interface DashboardTotals {
  videos: number;
  publicVideos: number;
  views: number;
  likes: number;
  /** Comments not deleted. */
  comments: number;
  /** Contact messages nobody has read yet (`read_at` is null). */
  messages: number;
}

/** Dashboard: a video or category of a top list, with its views in the period. */
export interface TopEntry {
  id: string;
  name: string;
  views: number;
}

/** Users: one user of the list. */
export interface UserListEntry<D = Date> {
  id: string;
  email: string | null;
  name: string | null;
  role: ConsoleRole;
  createdAt: D;
  /** A moderator's ban (server/services/moderation-queue.ts): when and why. */
  ban: { at: D; reason: string } | null;
}

/** Audit log: one admin action. */
export interface AuditEntry<D = Date> {
  id: string;
  at: D;
  actorEmail: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Ad units: one banner or player unit. */
export interface AdUnitRow<D = Date> {
  id: string;
  name: string;
  zoneId: string;
  location: string;
  isActive: boolean;
  duration: number;
  updatedAt: D;
}

/** Ad units: the pre-roll row as an operator sees it (active or not). */
export interface PreRollUnit<D = Date> extends PreRollSettings {
  id: string;
  name: string;
  vastTagUrl: string | null;
  updatedAt: D;
}

/** Categories: one category with its video counts. */
export interface AdminCategory {
  id: string;
  name: string;
  slug: string;
  /** All its videos, public or not. */
  videoCount: number;
  publicCount: number;
}

/** Comments: one comment of the moderation list. */
export interface ModeratedComment<D = Date> {
  id: string;
  content: string;
  createdAt: D;
  isDeleted: boolean;
  deletedAt: D | null;
  isReply: boolean;
  videoId: string;
  videoTitle: string;
  /** The author's e-mail; null once they deleted their account. */
  authorEmail: string | null;
}

/** Messages: one contact message, opened. */
export interface InboxMessage<D = Date> {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: D;
  readAt: D | null;
}

/** Reports: one report listed under its item. */
export interface QueuedReport<D = Date> {
  reference: string;
  reason: string;
  details: string | null;
  createdAt: D;
  /** A signed-in reporter's e-mail; null for a visitor. */
  reporterEmail: string | null;
}

/** Reports: one reported item of the queue with its open reports. */
export interface QueueItem<D = Date> {
  target: ReportTarget;
  firstReportedAt: D;
  total: number;
  /** Open reports per reason, most first. */
  reasons: { reason: string; count: number }[];
  reports: QueuedReport<D>[];
  /** Hidden from the public pending this review. */
  held: boolean;
  /** The item no longer exists (deleted meanwhile): only dismissing is left. */
  gone: boolean;
  videoId: string | null;
  videoTitle: string | null;
  videoPublic: boolean;
  thumbnailUrl: string | null;
  comment: QueuedComment | null;
  playlist: QueuedPlaylist | null;
}

/** Reports: a network whose reports hid items, or were over the budget, in the window. */
export interface HidingNetwork<D = Date> {
  network: string;
  /** Items its reports hid at once, and reports the budget kept from hiding, in the window. */
  hid: number;
  overBudget: number;
  first: D;
  last: D;
}

/** Takedowns: one request of the queue. */
export interface QueueEntry<D = Date> {
  id: string;
  reference: string;
  kind: string;
  name: string;
  email: string;
  urls: string[];
  description: string;
  signature: string;
  videoId: string | null;
  videoTitle: string | null;
  videoRemoved: boolean;
  createdAt: D;
  dueAt: D;
  status: string;
  resolvedAt: D | null;
  outcome: string | null;
  resolvedBy: string | null;
}

/** Takedowns: an appeal waiting for a decision. */
export interface OpenAppeal<D = Date> {
  videoId: string;
  title: string;
  statement: string;
  createdAt: D;
  appellantEmail: string | null;
  removedByEmail: string | null;
  removedReason: string | null;
  /** Whether the viewer may decide it (not the remover, not the appellant). */
  mayDecide: boolean;
}

/** Takedowns: one of the viewer's own removed videos, with its appeal if any. */
export interface RemovedVideo<D = Date> {
  id: string;
  title: string;
  removedAt: D;
  removedReason: string | null;
  appeal: { status: string; statement: string; decisionNote: string | null } | null;
}
