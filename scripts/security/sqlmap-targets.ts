import type { Session } from "./sessions";
import { AGE_COOKIE } from "./sessions";

/**
 * Every parameter that reaches SQL, for sqlmap: one row per request, its parameters listed. Path
 * parameters carry sqlmap's `*` marker (such a row runs twice: the path, then its listed parameters). GET pages and page actions are asked in React Router's `.data`
 * form (the same loader and action, answered as a few KB of data instead of a 100 KB page), which makes
 * sqlmap's page comparisons 10 times faster and no less exact.
 */
export interface SqlmapTarget {
  name: string;
  as: "visitor" | "user" | "admin";
  url: string;
  /** A POST body (url-encoded); absent for GET. */
  data?: string;
  /** The parameters to inject (`*` markers in the URL are always tested). */
  params: string[];
}

/** Real ids and names the targets need, read from the running site. */
export interface Fixtures {
  videoId: string;
  categorySlug: string;
  searchTerm: string;
  blogSlug: string;
  commentId: string;
  userId: string;
  messageId: string;
  postId: string;
  unitId: string;
  categoryId: string;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export function sqlmapTargets(origin: string, f: Fixtures): SqlmapTarget[] {
  const o = origin;
  return [
    // Visitor: listings, search, pages, sign-in, contact, views.
    { name: "search", as: "visitor", url: `${o}/search.data?q=${encodeURIComponent(f.searchTerm)}`, params: ["q"] },
    { name: "home page number", as: "visitor", url: `${o}/_.data?page=2`, params: ["page"] },
    { name: "category", as: "visitor", url: `${o}/category/${f.categorySlug}*.data?page=1`, params: ["page"] },
    {
      name: "video page",
      as: "visitor",
      url: `${o}/video/${f.videoId}*.data?comments=50&replyTo=${f.commentId}`,
      params: ["comments", "replyTo"],
    },
    { name: "blog list", as: "visitor", url: `${o}/blog.data?page=1`, params: ["page"] },
    { name: "blog post", as: "visitor", url: `${o}/blog/${f.blogSlug}*.data`, params: [] },
    {
      name: "sign-in code",
      as: "visitor",
      url: `${o}/login.data`,
      data: form({ intent: "verify-code", email: "sqlmap-probe@example.com", code: "000000", redirectTo: "/" }),
      params: ["email", "code", "redirectTo"],
    },
    { name: "play token", as: "visitor", url: `${o}/api/play-token`, data: form({ videoId: f.videoId }), params: ["videoId"] },
    {
      name: "view",
      as: "visitor",
      url: `${o}/api/views`,
      data: form({ videoId: f.videoId, token: "play:x.y" }),
      params: ["videoId", "token"],
    },
    // Signed-in user: community and account writes.
    {
      name: "comment",
      as: "user",
      url: `${o}/api/comments`,
      data: form({ videoId: f.videoId, parentId: f.commentId, content: "sqlmap probe", js: "1" }),
      params: ["videoId", "parentId", "content"],
    },
    {
      name: "comment delete",
      as: "user",
      url: `${o}/api/comments/${f.commentId}*/delete`,
      data: form({ videoId: f.videoId, js: "1" }),
      params: ["videoId"],
    },
    { name: "like", as: "user", url: `${o}/api/videos/${f.videoId}*/like`, data: form({ liked: "true", js: "1" }), params: ["liked"] },
    {
      name: "favorite",
      as: "user",
      url: `${o}/api/favorites`,
      data: form({ videoId: f.videoId, favorite: "true" }),
      params: ["videoId", "favorite"],
    },
    {
      name: "history position",
      as: "user",
      url: `${o}/api/history`,
      data: form({ videoId: f.videoId, position: "12.5" }),
      params: ["videoId", "position"],
    },
    {
      name: "history remove",
      as: "user",
      url: `${o}/history.data`,
      data: form({ intent: "remove", videoId: f.videoId }),
      params: ["videoId"],
    },
    { name: "favorites page", as: "user", url: `${o}/favorites.data?page=1`, params: ["page"] },
    { name: "history page", as: "user", url: `${o}/history.data?page=1`, params: ["page"] },
    { name: "display name", as: "user", url: `${o}/settings.data`, data: form({ intent: "name", name: "Sqlmap Probe" }), params: ["name"] },
    // Admin: every console filter and form field.
    { name: "dashboard period", as: "admin", url: `${o}/admin.data?period=30`, params: ["period"] },
    { name: "users search", as: "admin", url: `${o}/admin/users.data?q=example&page=1`, params: ["q", "page"] },
    {
      name: "role change",
      as: "admin",
      url: `${o}/admin/users.data`,
      data: form({ intent: "role", userId: f.userId, role: "user" }),
      params: ["userId", "role"],
    },
    {
      name: "audit filters",
      as: "admin",
      url: `${o}/admin/audit.data?action=user.&actor=example&page=1`,
      params: ["action", "actor", "page"],
    },
    {
      name: "comment filters",
      as: "admin",
      url: `${o}/admin/comments.data?video=a&user=example&page=1`,
      params: ["video", "user", "page"],
    },
    {
      name: "comment moderation",
      as: "admin",
      url: `${o}/admin/comments.data`,
      data: form({ intent: "restore", commentId: f.commentId }),
      params: ["commentId"],
    },
    { name: "message search", as: "admin", url: `${o}/admin/messages.data?q=probe&page=1`, params: ["q", "page"] },
    { name: "message", as: "admin", url: `${o}/admin/messages/${f.messageId}*.data`, params: [] },
    {
      name: "message read",
      as: "admin",
      url: `${o}/admin/messages.data`,
      data: form({ intent: "read", messageId: f.messageId }),
      params: ["messageId"],
    },
    {
      name: "category rename",
      as: "admin",
      url: `${o}/admin/categories.data`,
      data: form({ intent: "rename", categoryId: f.categoryId, name: "Sqlmap Probe" }),
      params: ["categoryId", "name"],
    },
    { name: "video filters", as: "admin", url: `${o}/admin/videos.data?q=a&visibility=all&page=1`, params: ["q", "visibility", "page"] },
    { name: "video edit page", as: "admin", url: `${o}/admin/videos/${f.videoId}*.data`, params: [] },
    {
      name: "video edit",
      as: "admin",
      url: `${o}/admin/videos/${f.videoId}.data`,
      data: form({ intent: "update", title: "Sqlmap Probe", description: "probe", category: "Amateur", isPublic: "on" }),
      params: ["title", "description", "category"],
    },
    { name: "blog list (console)", as: "admin", url: `${o}/admin/blog.data?page=1`, params: ["page"] },
    { name: "blog editor", as: "admin", url: `${o}/admin/blog/${f.postId}*.data`, params: [] },
    {
      name: "blog publish",
      as: "admin",
      url: `${o}/admin/blog.data`,
      data: form({ intent: "publish", postId: f.postId }),
      params: ["postId"],
    },
    {
      name: "ad zone",
      as: "admin",
      url: `${o}/admin/ads.data`,
      data: form({ intent: "zone", unitId: f.unitId, zoneId: "5001001" }),
      params: ["unitId", "zoneId"],
    },
  ];
}

/** The Cookie header a target is sent with. */
export function cookieFor(target: SqlmapTarget, sessions: { user: Session; admin: Session }): string {
  if (target.as === "visitor") return AGE_COOKIE;
  return `${sessions[target.as].cookie}; ${AGE_COOKIE}`;
}
