import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from "kysely";
import type { ReportTargetType } from "../../core/report-target";
import type { TranslationState } from "../../core/translations";

/** Column names follow docs/product.md "Data" so data from the original system imports as is. */
/** A timestamp with a database default: optional on insert, read back as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A nullable column that may be left out on insert. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** int8 counters with a default (parsed to number by the pg type parser). */
type Counter = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: string;
  email: string | null;
  full_name: string | null;
  avatar_url: string | null;
  is_creator: Generated<boolean>;
  role: Generated<"user" | "creator" | "admin">;
  email_verified: Generated<boolean>;
  /** While true, watch history records nothing (0008_account). */
  history_paused: Generated<boolean>;
  /** Banned by a moderator: cannot comment or like (0017_reports); the reason is shown to them. */
  banned_at: NullableTimestamp;
  ban_reason: Optional<string>;
  /** When the account passed an age check stronger than self-declaration; NULL: never (0019_age_assurance). */
  age_assured_at: NullableTimestamp;
  /** Play the next video at the end: the user's choice, NULL until they made one (0025_autoplay, core/autoplay.ts). */
  autoplay: Optional<boolean>;
  /** The caption style the user chose (core/caption-style.ts), NULL until they chose one (0032_caption_style). */
  caption_style: Optional<unknown>;
  /** The language the user chose (core/locales.ts), NULL until they chose one (0029_languages, docs/i18n.md). */
  locale: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's session, account and verification models (server/auth/auth.ts maps their fields). */
export interface AuthSessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthAccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Date;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<string>;
  name: string;
  slug: string;
  /** One line about the category, shown on its page (0030). */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  views: Counter;
  created_at: Timestamp;
}

export interface VideosTable {
  id: Generated<string>;
  title: string;
  /** lower(title), kept by PostgreSQL (migration 0014): what title search matches against. */
  title_lower: GeneratedAlways<string>;
  description: string | null;
  views: Counter;
  likes: Generated<number>;
  upload_date: Timestamp;
  duration: number;
  /** 0 short, 1 medium, 2 long (core/listing-order.ts), kept by PostgreSQL's trigger from the bounds below (0027). */
  duration_bucket: GeneratedAlways<number>;
  thumbnail_url: string | null;
  poster_url: string | null;
  video_url: string | null;
  /** WebVTT of the scrub-preview sprite (`/media/…/storyboard.vtt`); null for videos without one. */
  storyboard_url: ColumnType<string | null, string | null | undefined, string | null>;
  category_id: string | null;
  is_public: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Hidden from the public pending review of a report (0017_reports); a held video is also not public. */
  held_at: NullableTimestamp;
  /** A moderator kept it after a report: later reports queue it without hiding it again. */
  reviewed_at: NullableTimestamp;
  /** The admin who uploaded it (0018); NULL for demo and CLI videos. */
  uploaded_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when taken down (server/services/video-removal.ts): never public again. */
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  removed_reason: ColumnType<string | null, string | null | undefined, string | null>;
  removed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 (hex) of the source file, taken at ingest (the source itself is deleted after the transcode). */
  source_sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CommentsTable {
  id: Generated<string>;
  video_id: string;
  /** NULL once the author deleted their account: the comment stays as a "Deleted user" placeholder (0008_account). */
  user_id: string | null;
  parent_id: string | null;
  content: string;
  created_at: Timestamp;
  is_deleted: Generated<boolean>;
  deleted_at: NullableTimestamp;
  /** Hidden from the public pending review of a report (0017_reports). */
  held_at: NullableTimestamp;
  reviewed_at: NullableTimestamp;
}

export interface VideoLikesTable {
  id: Generated<string>;
  video_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** A user's favorite videos (0008_account). */
export interface FavoritesTable {
  user_id: string;
  video_id: string;
  created_at: Timestamp;
}

/** A user's playlist, or their Watch Later (kind `watch_later`, one per user, private) (0024_playlists). */
export interface PlaylistsTable {
  id: Generated<string>;
  user_id: string;
  kind: Generated<"playlist" | "watch_later">;
  title: string;
  description: Generated<string>;
  is_public: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Hidden from the public pending review after a report; `reviewed_at`: a moderator kept it (0026_moderation_budget). */
  held_at: NullableTimestamp;
  reviewed_at: NullableTimestamp;
}

/** A video in a playlist at its 1-based position (0024_playlists). */
export interface PlaylistItemsTable {
  playlist_id: string;
  video_id: string;
  position: number;
  added_at: Timestamp;
}

/** Where a user last was in each video they watched, newest first by `watched_at` (0008_account). */
export interface WatchHistoryTable {
  user_id: string;
  video_id: string;
  position_seconds: number;
  watched_at: Timestamp;
}

export interface BlogPostsTable {
  id: Generated<string>;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  published: Generated<boolean>;
  published_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  author: string | null;
  tags: Generated<string[]>;
  meta_title: string | null;
  meta_description: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image_url: string | null;
  twitter_card_title: string | null;
  twitter_card_description: string | null;
  twitter_card_image_url: string | null;
  canonical_url: string | null;
}

/** A post in one of the six other languages (0031_blog_translations; docs/i18n.md "Content"): no row is missing. */
export interface BlogPostTranslationsTable {
  post_id: string;
  /** A non-default Locale (core/locales.ts). */
  locale: string;
  title: string;
  excerpt: string | null;
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  og_title: string | null;
  og_description: string | null;
  twitter_card_title: string | null;
  twitter_card_description: string | null;
  state: Generated<TranslationState>;
  published_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  /** NULL while unread in the console's inbox (0013_console_moderation). */
  read_at: NullableTimestamp;
}

export interface AdUnitsTable {
  id: Generated<string>;
  name: string;
  zone_id: string;
  location: string;
  is_active: Generated<boolean>;
  duration: Generated<number>;
  updated_at: Timestamp;
  /** Only for the `player` unit (the pre-roll): where its ad comes from. NULL for banner slots. */
  preroll_source: "house" | "vast" | null;
  /** The VAST 3/4 tag fetched by the player when `preroll_source` is `vast`. */
  vast_tag_url: string | null;
}

/** Which browser session counted which video, until the row expires (0004_views). */
export interface VideoViewSessionsTable {
  session_id: string;
  video_id: string;
  expires_at: Timestamp;
}

/** A video's strongest co-viewed neighbours, strongest first (0021_co_views, server/services/co-views.ts). */
export interface VideoCoViewsTable {
  video_id: string;
  neighbour_ids: string[];
  /** Browser sessions that counted a view of both, per neighbour (parallel to neighbour_ids). */
  co_views: number[];
  updated_at: Timestamp;
}

/** The last view session mark folded into video_co_views, in the fold's order (one row). */
export interface VideoCoViewProgressTable {
  id: Generated<boolean>;
  expires_at: Timestamp;
  session_id: string;
  video_id: string;
}

/** Counted views per video and UTC day (0004_views). `day` is read as "YYYY-MM-DD". */
export interface VideoViewsDailyTable {
  video_id: string;
  day: ColumnType<string, string, string>;
  views: Counter;
}

export type TranscodeStatus = "queued" | "running" | "done" | "failed";

/** One ingest: what the console shows, and everything needed to create the video when it is done. */
export interface TranscodeJobsTable {
  id: Generated<string>;
  /** The id the video gets when the job is done (no row in `videos` before). */
  video_id: string;
  source_path: string;
  /** File name as uploaded, for display. */
  source_name: string;
  /** True for uploads the pipeline owns (removed when the job ends); false for an operator's own file. */
  delete_source: Generated<boolean>;
  title: string;
  description: string | null;
  category_id: string | null;
  /** Make the video public when it is ready. */
  publish: Generated<boolean>;
  status: Generated<TranscodeStatus>;
  progress: Generated<number>;
  error: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
  uploaded_by: ColumnType<string | null, string | null | undefined, string | null>;
  source_sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A hash of a removed video's file (0018): never published again. */
export interface MediaFingerprintsTable {
  sha256: string;
  video_id: string;
  /** Which file it was (`source`, or the media key). */
  what: string;
  created_at: Timestamp;
}

export type TakedownKind = "non-consensual" | "copyright";
export type TakedownStatus = "open" | "removed" | "rejected";

export interface TakedownRequestsTable {
  id: Generated<string>;
  reference: string;
  kind: TakedownKind;
  name: string;
  email: string;
  urls: string;
  description: string;
  signature: string;
  /** The video the URLs name, when one of them is a video page of this site. */
  video_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  status: Generated<TakedownStatus>;
  created_at: Timestamp;
  /**
   * created_at + TAKEDOWN_HOURS (core/takedown-clock.ts), written by the insert; no column default (0028 dropped
   * 0018's, which said the same a second time).
   */
  due_at: ColumnType<Date, Date | string, Date | string>;
  resolved_at: NullableTimestamp;
  outcome: string | null;
  resolved_by: string | null;
  overdue_notified_at: NullableTimestamp;
  /** The language of the page the request came from, for the outcome mail (0029_languages); NULL before it. */
  locale: Optional<string>;
}

export type AppealStatus = "open" | "upheld" | "reversed";

export interface TakedownAppealsTable {
  video_id: string;
  appellant_id: string | null;
  statement: string;
  /** Who removed the video: may not decide the appeal. */
  removed_by: string | null;
  created_at: Timestamp;
  status: Generated<AppealStatus>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  decision_note: string | null;
}

export interface VideoAttestationsTable {
  id: Generated<string>;
  video_id: string;
  user_id: string | null;
  user_email: string;
  text_version: string;
  /** The statement exactly as shown to the uploader. */
  text: string;
  /** The uploader's own words about how the people depicted were made (optional). */
  note: string | null;
  agreed_at: Timestamp;
}

/** A video's chapters (0022_chapters, core/chapters.ts). */
export interface VideoChaptersTable {
  video_id: string;
  start_seconds: number;
  title: string;
}

export type ReportResolution = "dismissed" | "restored" | "removed" | "banned";

/** One visitor's report of a video or a comment (0017_reports); open while resolved_at is NULL. */
export interface ReportsTable {
  id: Generated<string>;
  reference: string;
  target_type: ReportTargetType;
  target_id: string;
  video_id: string | null;
  reason: string;
  details: Optional<string>;
  reporter_user_id: Optional<string>;
  /** Who reported, as the rate limiter knows them (account id or client address bucket): one open report each. */
  reporter_key: string;
  /** Whether it hid its item at once, or would have past the hiding budget (0026_moderation_budget). */
  auto_hide: Optional<"hid" | "over-budget">;
  /** The reporter's network (/24 or /48, rate-limit.ts ipNetworkKey); their account was in good standing. */
  reporter_network: Optional<string>;
  reporter_trusted: Generated<boolean>;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolution: Optional<ReportResolution>;
  resolved_by: Optional<string>;
}

/** The duration filter's bounds (one row), written by the app's start from its setting (migration 0027). */
export interface ListingDurationBoundsTable {
  only_row: Generated<boolean>;
  short_under: number;
  long_over: number;
}

/** The nonces of accepted form submissions: a form token is spent once (0026_moderation_budget, server/services/form-token.ts). */
export interface FormTokenUsesTable {
  nonce: string;
  purpose: string;
  expires_at: Date;
}

/** Every admin console action: who, what, when, before and after (0009_ad_units_live). */
export interface AdminAuditLogTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | string | undefined, never>;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** One caption file per video and language (0023, server/services/captions.ts). */
export interface VideoCaptionsTable {
  video_id: string;
  language: string;
  /** Media storage key of the canonical WebVTT file. */
  file_key: string;
  cues: number;
  bytes: number;
  updated_at: Generated<Date>;
}

/** A video's texts in one language but English (0030). */
export interface VideoTranslationsTable {
  video_id: string;
  locale: string;
  title: string;
  title_lower: GeneratedAlways<string>;
  description: string | null;
  /** The console's chapter-list text (core/chapters-schema.ts); NULL: the English chapters show. */
  chapters: string | null;
  state: TranslationState;
  updated_at: Generated<Date>;
}

/** A category's name and description in one language but English (0030). */
export interface CategoryTranslationsTable {
  category_id: string;
  locale: string;
  name: string;
  description: string | null;
  state: TranslationState;
  updated_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  categories: CategoriesTable;
  videos: VideosTable;
  comments: CommentsTable;
  video_likes: VideoLikesTable;
  blog_posts: BlogPostsTable;
  blog_post_translations: BlogPostTranslationsTable;
  contact_messages: ContactMessagesTable;
  ad_units: AdUnitsTable;
  admin_audit_log: AdminAuditLogTable;
  video_view_sessions: VideoViewSessionsTable;
  video_views_daily: VideoViewsDailyTable;
  video_co_views: VideoCoViewsTable;
  video_co_view_progress: VideoCoViewProgressTable;
  auth_sessions: AuthSessionsTable;
  auth_accounts: AuthAccountsTable;
  auth_verifications: AuthVerificationsTable;
  transcode_jobs: TranscodeJobsTable;
  favorites: FavoritesTable;
  watch_history: WatchHistoryTable;
  reports: ReportsTable;
  form_token_uses: FormTokenUsesTable;
  listing_duration_bounds: ListingDurationBoundsTable;
  media_fingerprints: MediaFingerprintsTable;
  takedown_requests: TakedownRequestsTable;
  takedown_appeals: TakedownAppealsTable;
  video_attestations: VideoAttestationsTable;
  video_chapters: VideoChaptersTable;
  video_captions: VideoCaptionsTable;
  video_translations: VideoTranslationsTable;
  category_translations: CategoryTranslationsTable;
  playlists: PlaylistsTable;
  playlist_items: PlaylistItemsTable;
}

export type Video = Selectable<VideosTable>;
export type NewVideo = Insertable<VideosTable>;
export type Category = Selectable<CategoriesTable>;
export type TranscodeJob = Selectable<TranscodeJobsTable>;
export type BlogPost = Selectable<BlogPostsTable>;
export type NewBlogPost = Insertable<BlogPostsTable>;
export type BlogPostUpdate = Updateable<BlogPostsTable>;
export type BlogPostTranslation = Selectable<BlogPostTranslationsTable>;
export type NewBlogPostTranslation = Insertable<BlogPostTranslationsTable>;
