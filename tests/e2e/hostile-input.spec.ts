import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../../app/routes";
import { categoryNameSchema } from "../../core/category-schema";
import { codeFromOutbox } from "../support/account-session";
import { e2eSite } from "../support/e2e-site";
import { formTokenIn, signInFormToken } from "../support/form-token";
import { LoopbackClient, type Reply } from "../support/loopback-client";
import { test as base, expect, playToken } from "./support";

/**
 * Hostile-input corpus (docs/architecture.md "Conventions": a 500 is always a bug). Every value goes into every path
 * parameter, query parameter and form field of every route in app/routes.ts, plus hostile headers and
 * malformed bodies. Each answer must be below 500, must not reflect a script/HTML payload unescaped, and no
 * hostile contact submission may be stored. A new route joins by adding a row to the tables below.
 */

interface Hostile {
  label: string;
  /** Inserted into URLs and url-encoded bodies as is (already percent-encoded, or deliberately broken). */
  raw: string;
}

/** Each sweep's client, a visitor (tests/support/loopback-client.ts: Playwright's request context costs more than the server). */
const test = base.extend<{ client: LoopbackClient }>({
  client: async ({ baseURL }, use) => {
    const client = new LoopbackClient(baseURL as string);
    await use(client);
    await client.dispose();
  },
});

const enc = (label: string, text: string): Hostile => ({ label, raw: encodeURIComponent(text) });
const lit = (label: string, raw: string): Hostile => ({ label, raw });

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';
/** What must never appear in a response body: the payloads as live markup. */
const REFLECTED = [SCRIPT, "<img src=x onerror=alert(1)>"];

const VALUES: Hostile[] = [
  lit("NUL", "%00"),
  lit("NUL inside", "a%00b"),
  lit("control characters", "a%01%1f%7fb"),
  lit("CRLF header injection", "x%0d%0aSet-Cookie:%20pwned=1"),
  lit("invalid UTF-8 %ff", "%ff"),
  lit("overlong UTF-8 %c0%af", "%c0%af"),
  lit("UTF-16 surrogate as UTF-8", "%ed%a0%80"),
  lit("lone %", "%"),
  lit("bad escape %zz", "%zz"),
  lit("encoded slash traversal", "..%2F..%2Fetc%2Fpasswd"),
  enc("literal %00", "%00"),
  enc("quotes", `'"\`;`),
  enc("SQL fragment", "' OR '1'='1' --"),
  enc("SQL statement", "1; DROP TABLE videos; --"),
  enc("LIKE wildcards", "%_%\\"),
  enc("script", SCRIPT),
  enc("img onerror", IMG),
  enc("100 KB", "a".repeat(100_000)),
  enc("5 KB", "b".repeat(5_000)),
  enc("RTL override", "\u202Eevil\u202C"),
  enc("zero-width", "a\u200B\u200Cb\uFEFF"),
  enc("astral", "😀𝕏🎬"),
  enc("combining", "e\u0301\u0301\u0301"),
  enc("empty", ""),
  enc("spaces", "   "),
  enc("negative", "-1"),
  enc("huge number", "99999999999999999999999"),
  enc("float", "1.5e309"),
  enc("NaN", "NaN"),
  enc("hex", "0x10"),
];

/** Path parameters: one row per route with parameters. */
const PATH_ROUTES: { route: string; url: (v: string) => string }[] = [
  { route: "/category/:categoryName", url: (v) => `/category/${v}` },
  { route: "/video/:videoId", url: (v) => `/video/${v}` },
  { route: "/video/:videoId/credentials", url: (v) => `/video/${v}/credentials` },
  { route: "/blog/:slug", url: (v) => `/blog/${v}` },
  // Resource routes answer GET with 405; their POSTs are in FORMS.
  { route: "/api/videos/:videoId/like", url: (v) => `/api/videos/${v}/like` },
  { route: "/api/comments/:commentId/delete", url: (v) => `/api/comments/${v}/delete` },
  // Playlists (issue 23 item 1): a playlist's page and its play-through queue.
  { route: "/playlists/:list", url: (v) => `/playlists/${v}` },
  // The console's category page: 404 for the visitor this sweep runs as, whatever the id.
  { route: "/admin/categories/:categoryId", url: (v) => `/admin/categories/${v}` },
  { route: "/api/playlists/:list/queue", url: (v) => `/api/playlists/${v}/queue?video=00000000-0000-4000-8000-000000000000` },
  { route: "* (not found)", url: (v) => `/no-such-page/${v}` },
  // Media files (server/http/static-files.ts): folder, file name and extension of each kind of path.
  { route: "/media/videos/:videoId/master.m3u8", url: (v) => `/media/videos/${v}/master.m3u8` },
  { route: "/media/demo/:key/:rung/:segment", url: (v) => `/media/demo/aurora/720p/${v}` },
  { route: "/media/demo/:key/poster.:ext", url: (v) => `/media/demo/aurora/poster.${v}` },
  { route: "/media/demo/:key/credentials.:ext", url: (v) => `/media/demo/aurora/credentials.${v}` },
  { route: "/media/:path", url: (v) => `/media/${v}` },
  // Console moderation (console-moderation branch): 404 for visitors whatever the id.
  { route: "/admin/messages/:messageId", url: (v) => `/admin/messages/${v}` },
  // Console videos (visitors: 404; an admin's turn is the console-videos test at the end).
  { route: "/admin/videos/:videoId", url: (v) => `/admin/videos/${v}` },
  // Captions (issue 23 item 5): visitors 404; an admin's turn is the captions test at the end.
  { route: "/admin/videos/:videoId/captions", url: (v) => `/admin/videos/${v}/captions` },
  { route: "/admin/videos/jobs/:jobId", url: (v) => `/admin/videos/jobs/${v}` },
  { route: "/admin/uploads/:uploadId", url: (v) => `/admin/uploads/${v}` },
];

/** Sample values for the other parameters of a localized route, so only the language segment is hostile. */
const SAMPLE_PARAMS: Record<string, string> = {
  categoryName: "amateur",
  videoId: "00000000-0000-4000-8000-000000000000",
  slug: "behind-the-curation",
  list: "watch-later",
};

/** Every route of app/routes.ts a visitor reads in a language (`:lang?/…`, docs/i18n.md "Addresses"). */
function localizedRoutes(entries: readonly RouteConfigEntry[] = routeConfig): string[] {
  return entries.flatMap((entry) => [...(entry.path?.startsWith(":lang?") ? [entry.path] : []), ...localizedRoutes(entry.children ?? [])]);
}

// The language segment of every localized route, and the path parameters again behind a language's prefix.
PATH_ROUTES.push(
  ...localizedRoutes().map((route) => ({
    route,
    // An empty segment is the English address itself (and `//page` would name a host, not a path).
    url: (v: string) =>
      `/${route.replace(/^:lang\?\/?/, v ? `${v}/` : "").replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? "x")}`,
  })),
  { route: "/de/category/:categoryName", url: (v) => `/de/category/${v}` },
  { route: "/ar/video/:videoId", url: (v) => `/ar/video/${v}` },
  { route: "/ja/video/:videoId/credentials", url: (v) => `/ja/video/${v}/credentials` },
  { route: "/fr/blog/:slug", url: (v) => `/fr/blog/${v}` },
  { route: "/pt-br/playlists/:list", url: (v) => `/pt-br/playlists/${v}` },
);

/** Query parameters each route reads; routes without any still get an unknown one. */
const QUERY_ROUTES: { path: string; params: string[] }[] = [
  { path: "/", params: ["page"] },
  { path: "/category/amateur", params: ["page", "sort", "duration"] },
  { path: "/blog", params: ["page"] },
  { path: "/search", params: ["q", "sort", "duration"] },
  // The same query parameters behind a language's prefix (docs/i18n.md "Addresses").
  { path: "/de/search", params: ["q", "sort", "duration"] },
  { path: "/ar", params: ["page"] },
  { path: "/es/login", params: ["redirectTo", "error"] },
  { path: "/api/search-suggestions", params: ["q", "lang"] },
  { path: "/login", params: ["redirectTo", "error"] },
  // What is a signed-in viewer's on a shared page (the account test below sends them with a session too).
  { path: "/api/viewer-state", params: ["video", "cards"] },
  // The one better-auth address reached directly: the return from Google.
  { path: "/api/auth/callback/google", params: ["code", "state", "error"] },
  // The age check (404 on this server, which lists no countries; tests/e2e/age-assurance.spec.ts probes a configured one).
  { path: "/age-check", params: ["result", "returnTo"] },
  { path: "/age-check/callback", params: ["code", "state", "error"] },
  // Comments shown ("Load more"), the reply form opened without JavaScript, a failed post's message.
  // …and `?t=`, where the first play starts (a chapter's link, a search engine's key moment).
  { path: "/video/00000000-0000-4000-8000-000000000000", params: ["comments", "replyTo", "communityError", "t", "list"] },
  // Playlists: the Save dialog's list, a playlist's page (404: none by that id) and a queue.
  { path: "/api/playlists", params: ["video"] },
  { path: "/playlists/00000000-0000-4000-8000-000000000000", params: ["page"] },
  { path: "/playlists/watch-later", params: ["page"] },
  { path: "/api/playlists/watch-later/queue", params: ["video", "lang"] },
  ...[
    "/blog/behind-the-curation",
    "/video/00000000-0000-4000-8000-000000000000/credentials",
    "/values",
    "/career",
    "/terms",
    "/privacy",
    "/faq",
    "/contact",
    "/profile",
    "/favorites",
    "/history",
    "/playlists",
    "/settings",
    "/logout",
    "/our-values",
    "/privacy-policy",
    "/age-verification",
    "/robots.txt",
    "/sitemap.xml",
    "/blog/feed.xml",
    "/media/demo/aurora/master.m3u8",
    "/media/demo/aurora/720p/seg_000.ts",
    "/api/views",
    "/api/comments",
    // The admin console: 404 for everyone here (the corpus runs as a visitor); an admin's turn is below.
    "/admin",
    "/admin/ads",
    // Console moderation sections (console-moderation branch).
    "/admin/comments",
    "/admin/messages",
    "/admin/messages/00000000-0000-4000-8000-000000000000",
    "/admin/categories",
    "/admin/categories/00000000-0000-4000-8000-000000000000",
    "/admin/translations",
    // --- console: Blog (branch console-blog) ---
    "/admin/blog",
    "/admin/blog/new",
    "/admin/blog/preview",
    `/admin/blog/${"00000000-0000-4000-8000-000000000000"}`,
    // --- end console: Blog ---
    "/admin/videos/new",
    "/admin/uploads",
    // Operations endpoints (server/http/operations.ts), answered before Express; /metrics answers this loopback client.
    "/healthz",
    "/readyz",
    "/metrics",
    "/metrics/processes",
  ].map((path) => ({ path, params: [] })),
  // --- console-dash (Dashboard, Users, Audit log): 404 for visitors whatever the query; an admin's turn below.
  { path: "/admin", params: ["period"] },
  { path: "/admin/users", params: ["q", "page"] },
  { path: "/admin/audit", params: ["page", "action", "actor"] },
  // --- end console-dash
  { path: "/admin/videos", params: ["page", "q", "visibility", "deleted"] },
  // Reports (issue 22): which item; the form's turn is in FORMS.
  { path: "/report", params: ["video", "comment", "playlist"] },
  // Takedowns (issue 22): the public form's prefilled address; the console queue (404 here, an admin's turn below).
  { path: "/takedown", params: ["url"] },
  { path: "/admin/takedowns", params: [] },
];
const UNKNOWN_PARAM = "utm_source";
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The console's ad actions (intent toggle|zone|preroll); a unit id that names no unit, so nothing changes. */
const NO_UNIT = "00000000-0000-4000-8000-000000000000";
const ADMIN_TOGGLE = { intent: "toggle", unitId: NO_UNIT, active: "true" };
const ADMIN_FIELDS = ["intent", "unitId", "active", "zoneId", "source", "vastTagUrl", "durationSeconds"];
/** The pre-roll stays off (the shared server runs without one): `active` is left out of the valid fields. */
const ADMIN_FORMS: Record<string, string>[] = [
  ADMIN_TOGGLE,
  { intent: "zone", unitId: NO_UNIT, zoneId: "42" },
  { intent: "preroll", source: "house", durationSeconds: "15" },
];

/**
 * The signed-in account's actions. The valid forms name no existing video and never confirm the deletion
 * (`confirm` is not "DELETE") or sign out everywhere, so the corpus can run through one session.
 */
const CAPTION_FORM = { size: "100", font: "sans", color: "white", background: "black", backgroundOpacity: "75", edge: "none" };
const ACCOUNT_FORMS: { path: string; valid: Record<string, string> }[] = [
  { path: "/api/favorites", valid: { videoId: NO_UNIT, favorite: "true" } },
  { path: "/api/history", valid: { videoId: NO_UNIT, position: "12.5" } },
  { path: "/api/autoplay", valid: { autoplay: "on" } },
  { path: "/api/caption-style", valid: CAPTION_FORM },
  { path: "/settings", valid: { intent: "name", name: "Hostile Tester" } },
  { path: "/settings", valid: { intent: "autoplay", autoplay: "on" } },
  // Its six fields are the API's schema (core/caption-style-schema.ts), each probed through /api/caption-style.
  { path: "/settings", valid: { intent: "captions", ...CAPTION_FORM } },
  // "" is "no language chosen", what the account already has, so the corpus changes nothing.
  { path: "/settings", valid: { intent: "language", locale: "" } },
  { path: "/settings", valid: { intent: "delete", confirm: "no" } },
  { path: "/history", valid: { intent: "remove", videoId: NO_UNIT } },
  { path: "/history", valid: { intent: "pause", paused: "false" } },
  { path: "/settings/export", valid: {} },
  // Playlists: a video and playlists that do not exist, so nothing is stored (create needs its video first).
  { path: "/api/playlists", valid: { intent: "create", title: "Corpus", visibility: "public", videoId: NO_UNIT } },
  { path: "/api/playlists", valid: { intent: "add", playlist: "watch-later", videoId: NO_UNIT } },
  { path: "/api/playlists", valid: { intent: "remove", playlist: NO_UNIT, videoId: NO_UNIT } },
  { path: "/api/playlists", valid: { intent: "move", playlist: NO_UNIT, videoId: NO_UNIT, to: "1" } },
  { path: "/api/playlists", valid: { intent: "update", playlist: NO_UNIT, title: "Corpus", description: "", visibility: "private" } },
  { path: "/api/playlists", valid: { intent: "delete", playlist: NO_UNIT } },
];
const ACCOUNT_FIELDS: Record<string, string[]> = {
  "/api/favorites": ["videoId", "favorite", "redirectTo"],
  "/api/history": ["videoId", "position"],
  "/api/autoplay": ["autoplay"],
  "/api/caption-style": Object.keys(CAPTION_FORM),
  "/settings": ["intent", "name", "confirm", "autoplay", "locale"],
  "/history": ["intent", "videoId", "paused"],
  "/settings/export": ["intent"],
  "/api/playlists": ["intent", "playlist", "videoId", "title", "description", "visibility", "to", "redirectTo"],
};
// ---- Console moderation sections (console-moderation branch) ----
/** An id that names no comment, message or category, so these actions change nothing. */
const NO_ID = "00000000-0000-4000-8000-000000000000";
/** A category that exists in the demo data: creating it again is refused, so the create row changes nothing. */
const EXISTING_CATEGORY = "Amateur";
const MODERATION_FORMS: { path: string; valid: Record<string, string>; fields: string[] }[] = [
  { path: "/admin/comments", valid: { intent: "delete", commentId: NO_ID }, fields: ["intent", "commentId"] },
  { path: "/admin/comments", valid: { intent: "restore", commentId: NO_ID }, fields: ["intent", "commentId"] },
  { path: "/admin/messages", valid: { intent: "read", messageId: NO_ID }, fields: ["intent", "messageId", "from"] },
  { path: "/admin/messages", valid: { intent: "unread", messageId: NO_ID, from: "message" }, fields: ["intent", "messageId", "from"] },
  { path: "/admin/messages", valid: { intent: "delete", messageId: NO_ID }, fields: ["intent", "messageId", "from"] },
  { path: "/admin/categories", valid: { intent: "create", name: EXISTING_CATEGORY }, fields: ["intent", "name"] },
  { path: "/admin/categories", valid: { intent: "rename", categoryId: NO_ID, name: "Renamed" }, fields: ["intent", "categoryId", "name"] },
  { path: "/admin/categories", valid: { intent: "delete", categoryId: NO_ID, moveTo: "" }, fields: ["intent", "categoryId", "moveTo"] },
  { path: "/admin/categories", valid: { intent: "delete", categoryId: NO_ID, moveTo: NO_ID }, fields: ["moveTo"] },
  // A category's version in one language (docs/i18n.md "Content"): on no category, so nothing is stored (404).
  {
    path: "/admin/categories",
    valid: { intent: "translation", categoryId: NO_ID, locale: "de", name: "Korpus", description: "x", state: "draft" },
    fields: ["intent", "categoryId", "locale", "name", "description", "state"],
  },
  // A category's English description: on no category (404).
  {
    path: "/admin/categories",
    valid: { intent: "describe", categoryId: NO_ID, description: "x" },
    fields: ["intent", "categoryId", "description"],
  },
  // A category's own page takes the same actions (its delete is sent from there).
  {
    path: `/admin/categories/${NO_ID}`,
    valid: { intent: "delete", categoryId: NO_ID, moveTo: NO_ID },
    fields: ["intent", "categoryId", "moveTo"],
  },
  // The report queue (issue 22): an item without open reports, so no decision is made.
  {
    path: "/admin/reports",
    valid: { intent: "dismiss", targetType: "video", targetId: NO_ID, note: "Checked by the corpus." },
    fields: ["intent", "targetType", "targetId", "note"],
  },
  // Restore a burst (issue 32): a window long past, so nothing is restored whatever the network.
  {
    path: "/admin/reports",
    valid: {
      intent: "restore-burst",
      from: "2000-01-01T00:00",
      to: "2000-01-01T01:00",
      network: "192.0.2.0/24",
      note: "Checked by the corpus.",
    },
    fields: ["intent", "from", "to", "network", "note"],
  },
  { path: "/admin/users", valid: { intent: "unban", userId: "no-such-user" }, fields: ["intent", "userId"] },
];
/** The moderation sections' query parameters, sent with an admin session. */
const MODERATION_QUERIES: { path: string; params: string[] }[] = [
  { path: "/admin/comments", params: ["page", "video", "user"] },
  { path: "/admin/messages", params: ["page", "q"] },
  { path: "/admin/categories", params: [] },
  { path: `/admin/categories/${NO_ID}`, params: [] },
  { path: "/admin/translations", params: [] },
  { path: "/admin/reports", params: ["page"] },
  { path: `/admin/messages/${NO_ID}`, params: [] },
];
// ---- end of console moderation ----
// --- console: Blog (branch console-blog) ---
/** A post id that names no post, so the editor's and the list's actions change nothing. */
const NO_POST = "00000000-0000-4000-8000-000000000000";
const BLOG_FIELDS = [
  "intent",
  "postId",
  "title",
  "slug",
  "excerpt",
  "content",
  "author",
  "tags",
  "meta_title",
  "meta_description",
  "og_title",
  "og_description",
  "og_image_url",
  "twitter_card_title",
  "twitter_card_description",
  "twitter_card_image_url",
  "canonical_url",
  "published_at",
];
/**
 * The Blog section's actions. Creating stores nothing: the slug is the demo post's (a conflict) and the
 * content breaks the content policy, so a hostile value in any one field still leaves the other refusal.
 */
const BLOG_FORMS: { path: string; valid: Record<string, string>; fields?: readonly string[] }[] = [
  // The list's row actions and the preview read fewer fields than the editor (and the list answers with the
  // whole list, the costliest of the console's pages): their own fields, and one they do not know.
  { path: "/admin/blog", valid: { intent: "publish", postId: NO_POST }, fields: ["intent", "postId", UNKNOWN_PARAM] },
  {
    path: "/admin/blog/new",
    valid: { intent: "save", title: "Welcome to Pleazure", slug: "welcome-to-pleazure", content: "Not for minors." },
  },
  { path: `/admin/blog/${NO_POST}`, valid: { intent: "save", title: "Hostile corpus", slug: "hostile-corpus", content: "Text." } },
  // A post's version in another language (its fields are among the English post's): the post does not exist.
  { path: `/admin/blog/${NO_POST}?lang=de`, valid: { intent: "publish", title: "Hostile corpus", content: "Text." } },
  { path: "/admin/blog/preview", valid: { content: "# Preview" }, fields: ["content", UNKNOWN_PARAM] },
];
// --- end console: Blog ---
/** The console's video actions; ids that name nothing (no upload, no video), so nothing changes. */
const VIDEO_FIELDS = ["intent", "uploadId", "title", "description", "category", "isPublic", "confirm", "attest", "consentNote"];
const VIDEO_CREATE = {
  intent: "create",
  uploadId: "f".repeat(32),
  title: "Hostile corpus",
  category: "Amateur",
  isPublic: "on",
  attest: "on",
};
const VIDEO_UPDATE = { intent: "update", title: "Hostile corpus", description: "x", category: "Amateur", isPublic: "on" };
const VIDEO_DELETE = { intent: "delete", confirm: "yes" };
/** The edit page's chapters form (issue 23 item 4). */
const CHAPTERS_FIELDS = ["intent", "chapters"];
const CHAPTERS_UPDATE = { intent: "chapters", chapters: "0:00 Opening\n0:05 Colour shift" };
/** The edit page's translation form (docs/i18n.md "Content"): one language's title, description, chapters and state. */
const TRANSLATION_FIELDS = ["intent", "locale", "title", "description", "chapters", "state"];
const TRANSLATION_UPDATE = {
  intent: "translation",
  locale: "de",
  title: "Korpus",
  description: "x",
  chapters: "0:00 Anfang",
  state: "draft",
};

/** The captions action (issue 23 item 5); `remove` on a video that does not exist changes nothing. */
const CAPTION_FIELDS = ["intent", "language", "file"];
const CAPTION_REMOVE = { intent: "remove", language: "en" };

/** The takedown queue's actions, on ids that name no request and no video: nothing changes. */
const TAKEDOWN_FIELDS = ["intent", "requestId", "videoId", "decision", "note"];
const TAKEDOWN_FORMS: Record<string, string>[] = [
  { intent: "resolve", requestId: NO_UNIT, decision: "removed", videoId: NO_UNIT, note: "corpus" },
  { intent: "appeal", videoId: NO_UNIT, note: "An appeal from the hostile-input corpus." },
  { intent: "decide", videoId: NO_UNIT, decision: "reversed", note: "corpus" },
];

/** Form fields of each action; `valid` fills the fields not under test. */
const FORMS: { path: string; valid: Record<string, string>; fields: readonly string[] }[] = [
  {
    path: "/contact",
    valid: { name: "Hostile Tester", subject: "Hostile corpus", message: "A message from the hostile-input corpus.", website: "" },
    fields: ["name", "email", "subject", "message", "website", "formToken"],
  },
  // Takedown requests (issue 22): as the contact form, with a token that was never issued, so nothing is stored
  // whatever one hostile field does; the marker address is looked up afterwards all the same.
  {
    path: "/takedown",
    valid: {
      kind: "copyright",
      name: "Hostile Tester",
      urls: "https://elsewhere.example/hostile",
      description: "A request from the hostile-input corpus.",
      goodFaith: "on",
      signature: "Hostile Tester",
      website: "",
    },
    fields: ["kind", "name", "email", "urls", "description", "goodFaith", "signature", "website", "formToken"],
  },
  // The console's takedown queue: visitors get 404 before the body is read; an admin's turn is below.
  ...TAKEDOWN_FORMS.map((valid) => ({ path: "/admin/takedowns", valid, fields: TAKEDOWN_FIELDS })),
  { path: "/age-verification", valid: { answer: "adult" }, fields: ["answer"] },
  { path: "/age-check", valid: { returnTo: "/" }, fields: ["returnTo"] },
  // A report of a video that does not exist: every field is checked, nothing is stored or hidden.
  {
    path: `/report?video=${NO_UNIT}`,
    valid: { reason: "minor", details: "From the corpus.", website: "" },
    fields: ["reason", "details", "website"],
  },
  // A token that was never issued: the real-token case is the view test below.
  { path: "/api/views", valid: { videoId: "00000000-0000-4000-8000-000000000000", token: "play:x.y" }, fields: ["videoId", "token"] },
  // No such video: a 404 whatever the rest; a real video's turn (visitor and signed in) is the play-token test below.
  { path: "/api/play-token", valid: { videoId: "00000000-0000-4000-8000-000000000000" }, fields: ["videoId"] },
  // A wrong code for a real-looking address: nothing is mailed, nothing signs in (random IPs keep the limits apart).
  {
    path: "/login",
    valid: { intent: "verify-code", email: "hostile-login@example.com", code: "000000", redirectTo: "/" },
    fields: ["intent", "email", "code", "redirectTo"],
  },
  { path: "/logout", valid: {}, fields: [] },
  // As a visitor: refused before anything is stored (tests/e2e/community.spec.ts posts hostile text signed in).
  { path: "/api/videos/00000000-0000-4000-8000-000000000000/like", valid: { liked: "true", js: "1" }, fields: ["liked", "js", "locale"] },
  {
    path: "/api/comments",
    valid: { videoId: "00000000-0000-4000-8000-000000000000", content: "hostile corpus", js: "1" },
    fields: ["videoId", "parentId", "content", "js", "locale"],
  },
  {
    path: "/api/comments/00000000-0000-4000-8000-000000000000/delete",
    valid: { videoId: "00000000-0000-4000-8000-000000000000", js: "1" },
    fields: ["videoId", "js", "locale"],
  },
  // Visitors: 404 before the body is read. The same fields with an admin session: the admin test below.
  { path: "/admin/ads", valid: ADMIN_TOGGLE, fields: ADMIN_FIELDS },
  // The account's writes, as a visitor (sent to sign in, nothing stored); signed in: the account test below.
  ...ACCOUNT_FORMS.map(({ path, valid }) => ({ path, valid, fields: ACCOUNT_FIELDS[path] ?? [] })),
  // --- console-dash: the role change (visitors 404; an admin's turn in the console-dash test below).
  { path: "/admin/users", valid: { intent: "role", userId: "no-such-user", role: "creator" }, fields: ["intent", "userId", "role"] },
  // --- end console-dash
  // Console moderation (console-moderation branch): visitors get 404; the admin's turn is the last test.
  ...MODERATION_FORMS.map(({ path, valid, fields }) => ({ path, valid, fields })),
  // --- console: Blog (branch console-blog): 404 before the body is read; the admin's turn is below. ---
  ...BLOG_FORMS.map((f) => ({ path: f.path, valid: f.valid, fields: f.fields ?? BLOG_FIELDS })),
  // --- end console: Blog ---
  { path: "/admin/videos/new", valid: VIDEO_CREATE, fields: VIDEO_FIELDS },
  { path: `/admin/videos/${NO_UNIT}`, valid: VIDEO_UPDATE, fields: VIDEO_FIELDS },
  { path: `/admin/videos/${NO_UNIT}`, valid: CHAPTERS_UPDATE, fields: CHAPTERS_FIELDS },
  { path: `/admin/videos/${NO_UNIT}`, valid: TRANSLATION_UPDATE, fields: TRANSLATION_FIELDS },
  { path: `/admin/videos/${NO_UNIT}/captions`, valid: CAPTION_REMOVE, fields: CAPTION_FIELDS },
];

/** Header-derived values; only those a client can put on the wire (printable ASCII). */
const HEADERS = ["x-request-id", "cookie", "user-agent", "x-forwarded-for", "referer"];

interface Probe {
  name: string;
  send: (client: LoopbackClient) => Promise<Reply>;
  /** Binary or non-HTML answers (React Router's .data) are checked for status only. */
  html?: boolean;
}

const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
const markerEmail = () => `hostile-${crypto.randomBytes(6).toString("hex")}@example.com`;
const formBody = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join("&");

/** Runs probes with modest concurrency and returns the failures (status >= 500 or reflected payloads). */
async function run(client: LoopbackClient, probes: Probe[], concurrency = 6): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++] as Probe;
      let res: Reply;
      try {
        res = await probe.send(client);
      } catch (err) {
        failures.push(`${probe.name}: request failed: ${String(err).slice(0, 200)}`);
        continue;
      }
      if (res.status() >= 500) failures.push(`${probe.name}: HTTP ${res.status()}`);
      if (probe.html !== false) {
        const body = await res.text();
        for (const payload of REFLECTED) if (body.includes(payload)) failures.push(`${probe.name}: reflects ${payload}`);
        if (/\bat [\w$.<>]+ \(.*:\d+:\d+\)/.test(body)) failures.push(`${probe.name}: shows a stack trace`);
      }
      await res.dispose();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

const get = (url: string, headers?: Record<string, string>) => (r: LoopbackClient) =>
  r.get(url, { headers, maxRedirects: 0, failOnStatusCode: false });
const post = (url: string, body: string | Buffer, headers: Record<string, string>) => (r: LoopbackClient) =>
  r.post(url, { data: body, headers, maxRedirects: 0, failOnStatusCode: false });

/**
 * The probes of one form action: every hostile value in each of `fields` (the other fields valid), each
 * field sent twice, the valid form as JSON, and a form with a 2 MB `hugeField`. `skip` leaves out a value
 * that would make a legitimate write.
 */
function formActionProbes(
  target: string,
  valid: Record<string, string>,
  fields: readonly string[],
  hugeField: string,
  skip?: (field: string, v: Hostile) => boolean,
): Probe[] {
  const label = `POST ${target}${valid.intent ? ` (${valid.intent})` : ""}`;
  const encoded = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, encodeURIComponent(v)]));
  const probes: Probe[] = [];
  for (const field of fields) {
    for (const v of VALUES) {
      if (skip?.(field, v)) continue;
      probes.push({ name: `${label} ${field} = ${v.label}`, send: post(target, formBody({ ...encoded, [field]: v.raw }), FORM_TYPE) });
    }
    probes.push({ name: `${label} ${field} repeated`, send: post(target, `${formBody(encoded)}&${field}=a&${field}=b`, FORM_TYPE) });
  }
  probes.push({ name: `${label} as JSON`, send: post(target, JSON.stringify(valid), { "content-type": "application/json" }) });
  probes.push({ name: `${label} huge`, send: post(target, `${formBody(encoded)}&${hugeField}=${"x".repeat(2_000_000)}`, FORM_TYPE) });
  return probes;
}

// Each test is a sweep of hundreds to thousands of requests, whose time is the server's renders: up to 25 s on an
// idle machine here, twice that when the other site's specs keep both cores busy. The limit catches a hang.
test.describe.configure({ timeout: 240_000 });

// Path and query parameters run as two tests: together they came near one test's time on a loaded machine.
test("path parameters of every route", async ({ client }) => {
  const probes: Probe[] = [];
  for (const { route, url } of PATH_ROUTES) {
    for (const v of VALUES) {
      probes.push({ name: `${route} = ${v.label}`, send: get(url(v.raw)) });
      // React Router's data requests for client navigation take the same parameters.
      probes.push({ name: `${route}.data = ${v.label}`, send: get(`${url(v.raw)}.data`), html: false });
    }
  }
  const failures = await run(client, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
});

test("query parameters of every route", async ({ client }) => {
  const probes: Probe[] = [];
  for (const { path, params } of QUERY_ROUTES) {
    for (const param of [...params, UNKNOWN_PARAM]) {
      for (const v of VALUES) probes.push({ name: `${path}?${param}= ${v.label}`, send: get(`${path}?${param}=${v.raw}`) });
      probes.push({ name: `${path}?${param} repeated`, send: get(`${path}?${param}=1&${param}=2`) });
      probes.push({ name: `${path}?${param}[]`, send: get(`${path}?${param}[]=1&${param}[x]=2`) });
      probes.push({ name: `${path}?${param} without value`, send: get(`${path}?${param}`) });
    }
  }
  const failures = await run(client, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
});

/** A form token as a browser gets it: fresh, so a corpus fired at machine speed is "too fast" to be stored. */
async function freshToken(client: LoopbackClient, ip: string): Promise<string> {
  const page = await client.get("/contact", { headers: { "x-forwarded-for": ip } });
  return formTokenIn(await page.text());
}

/**
 * Every hostile value (or those of `values`) in every field of `forms`, and malformed bodies: no 500, no
 * reflection, nothing stored.
 */
async function formCorpus(client: LoopbackClient, baseURL: string | undefined, forms: typeof FORMS, values = VALUES) {
  const formToken = await freshToken(client, "10.250.0.1");
  const probes: Probe[] = [];
  const emails: string[] = [];
  for (const form of forms) {
    // The public forms' rows carry a marker address, looked up afterwards: nothing of theirs may be stored.
    const isContact = form.path === "/contact" || form.path === "/takedown";
    for (const field of form.fields) {
      for (const v of values) {
        const email = markerEmail();
        emails.push(email);
        const fields: Record<string, string> = {};
        for (const [k, value] of Object.entries(form.valid)) fields[k] = encodeURIComponent(value);
        if (isContact) fields.email = encodeURIComponent(email);
        fields[field] = v.raw;
        // A hostile address is looked up as itself, unless the database could never hold it (NUL, over its
        // CHECK length); such lookups are themselves refused at the input boundary.
        const asEmail = decodeURIComponentSafe(v.raw);
        if (isContact && field === "email" && !CONTROL.test(asEmail) && asEmail.length <= 320) emails.push(asEmail);
        const ip = `10.251.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
        probes.push({
          name: `POST ${form.path} ${field}= ${v.label}`,
          send: async (r) => {
            if (form.path === "/contact" && field !== "formToken") fields.formToken = encodeURIComponent(await freshToken(r, ip));
            return post(form.path, formBody(fields), { ...FORM_TYPE, "x-forwarded-for": ip })(r);
          },
        });
      }
      // The same field twice, and as a file.
      probes.push({ name: `POST ${form.path} ${field} repeated`, send: post(form.path, `${field}=a&${field}=b`, FORM_TYPE) });
      const boundary = "hostileboundary";
      const file = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\n${SCRIPT}\r\n--${boundary}--\r\n`;
      probes.push({
        name: `POST ${form.path} ${field} as a file`,
        send: post(form.path, file, { "content-type": `multipart/form-data; boundary=${boundary}` }),
      });
    }
    const json = JSON.stringify({ ...form.valid, email: markerEmail(), formToken });
    const bodies: [string, string | Buffer, Record<string, string>][] = [
      ["JSON", json, { "content-type": "application/json" }],
      ["text/plain", formBody(form.valid), { "content-type": "text/plain" }],
      ["no content type", formBody(form.valid), {}],
      [
        "broken multipart",
        `--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nno closing boundary`,
        { "content-type": "multipart/form-data; boundary=b" },
      ],
      ["multipart without boundary", "x", { "content-type": "multipart/form-data" }],
      ["empty", "", FORM_TYPE],
      ["huge", `message=${"x".repeat(2_000_000)}`, FORM_TYPE],
      ["binary", crypto.randomBytes(4096), FORM_TYPE],
      ["invalid UTF-8 bytes", Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe, 0xc0, 0xaf]), FORM_TYPE],
    ];
    for (const [label, body, headers] of bodies)
      probes.push({ name: `POST ${form.path} ${label} body`, send: post(form.path, body, headers) });
  }
  const failures = await run(client, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);

  const stored: string[] = [];
  for (const email of emails) {
    const res = await fetch(`${baseURL}/__test/contact-messages?email=${encodeURIComponent(email)}`);
    if (!res.ok) throw new Error(`contact-messages hook answered ${res.status}`);
    const { messages } = (await res.json()) as { messages: unknown[] };
    if (messages.length) stored.push(email);
    const takedowns = await fetch(`${baseURL}/__test/takedowns?email=${encodeURIComponent(email)}`);
    if (!takedowns.ok) throw new Error(`takedowns hook answered ${takedowns.status}`);
    if (((await takedowns.json()) as { requests: unknown[] }).requests.length) stored.push(`takedown: ${email}`);
  }
  expect(stored, "hostile submissions stored").toEqual([]);
}

// The corpus runs in four tests (about 19,000 requests in all): together they outgrow one test's time.
const isTakedownForm = (form: { path: string }) => form.path === "/takedown" || form.path === "/admin/takedowns";
const isConsoleForm = (form: { path: string }) => form.path.startsWith("/admin") && !isTakedownForm(form);
const isAccountForm = (form: { path: string }) => ACCOUNT_FORMS.some((f) => f.path === form.path);
const isPublicForm = (form: { path: string }) => !isTakedownForm(form) && !isConsoleForm(form) && !isAccountForm(form);

test("form fields and bodies of every public action store nothing", async ({ client, baseURL }) => {
  await formCorpus(client, baseURL, FORMS.filter(isPublicForm));
});

test("form fields and bodies of every account action store nothing", async ({ client, baseURL }) => {
  await formCorpus(client, baseURL, FORMS.filter(isAccountForm));
});

/**
 * The console refuses a visitor with 404 before it reads a body (the route's declared access), so what a field
 * holds cannot change the answer: a few values of each kind stand for the rest here, and every value goes
 * through every field with an admin's session in the console tests below.
 */
const CONSOLE_SAMPLE = VALUES.filter((v) =>
  ["NUL", "invalid UTF-8 %ff", "CRLF header injection", "lone %", "script", "100 KB"].includes(v.label),
);

test("form fields and bodies of every console action store nothing", async ({ client, baseURL }) => {
  expect(CONSOLE_SAMPLE).toHaveLength(6);
  await formCorpus(client, baseURL, FORMS.filter(isConsoleForm), CONSOLE_SAMPLE);
});

test("the takedown forms' fields and bodies store nothing", async ({ client, baseURL }) => {
  await formCorpus(client, baseURL, FORMS.filter(isTakedownForm));
});

test("methods other than GET and POST on every route", async ({ client }) => {
  const paths = [...new Set([...QUERY_ROUTES.map((r) => r.path), ...FORMS.map((f) => f.path)])];
  const probes: Probe[] = [];
  for (const path of paths) {
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"]) {
      probes.push({
        name: `${method} ${path}`,
        send: (r) =>
          r.fetch(path, {
            method,
            data: formBody({ name: encodeURIComponent(SCRIPT) }),
            headers: FORM_TYPE,
            maxRedirects: 0,
            failOnStatusCode: false,
          }),
      });
    }
  }
  const failures = await run(client, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
});

test("header-derived values", async ({ client }) => {
  const printable = VALUES.map((v) => decodeURIComponentSafe(v.raw)).filter((v) => /^[\x20-\x7e]*$/.test(v) && v.length < 8000);
  const probes: Probe[] = [];
  for (const header of HEADERS) {
    for (const value of printable) {
      const headers = { [header]: header === "cookie" ? `ageVerified=${value}` : value };
      probes.push({ name: `GET / ${header}: ${value.slice(0, 30)}`, send: get("/", headers) });
      probes.push({
        name: `POST /contact ${header}: ${value.slice(0, 30)}`,
        send: post("/contact", "name=x", { ...FORM_TYPE, ...headers }),
      });
      if (header === "cookie") {
        // A forged or garbled session cookie is nobody: signed-in-only pages send the visitor to sign in.
        const session = { cookie: `better-auth.session_token=${value}` };
        probes.push({ name: `GET /profile session cookie: ${value.slice(0, 30)}`, send: get("/profile", session) });
        probes.push({
          name: `POST /logout session cookie: ${value.slice(0, 30)}`,
          send: post("/logout", "", { ...FORM_TYPE, ...session }),
        });
      }
    }
  }
  const failures = await run(client, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
});

test("range headers on media files", async ({ client }) => {
  const printable = VALUES.map((v) => decodeURIComponentSafe(v.raw)).filter((v) => /^[\x20-\x7e]*$/.test(v) && v.length < 8000);
  const ranges = [
    ...printable,
    ...printable.map((v) => `bytes=${v}`),
    "bytes=-",
    "bytes=5-1",
    "bytes=0-0,1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,9-9",
    "bytes=99999999999999999999-",
    "bytes=--1",
    "items=0-1",
    `bytes=${"0-1,".repeat(2000)}0-1`,
  ];
  const probes: Probe[] = [];
  for (const url of ["/media/demo/aurora/720p/seg_000.ts", "/media/demo/aurora/master.m3u8", "/media/demo/aurora/storyboard.vtt"]) {
    for (const range of ranges) {
      probes.push({ name: `GET ${url} range: ${range.slice(0, 30)}`, send: get(url, { range }), html: false });
      probes.push({
        name: `GET ${url} if-range: ${range.slice(0, 30)}`,
        send: get(url, { range: "bytes=0-1", "if-range": range }),
        html: false,
      });
    }
  }
  const failures = await run(client, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
});

/**
 * The view endpoint with a real token and session: every hostile value in one field (the other genuine),
 * hostile cookies, and malformed bodies, sent after the threshold has passed. Nothing may be counted.
 */
test("the view endpoint counts nothing from hostile input", async ({ client, baseURL }) => {
  const videoId = await shortVideo(baseURL);
  const issued = await playToken(baseURL, videoId);
  const token = issued.token;
  await new Promise((r) => setTimeout(r, 1_100));
  const cookie = { cookie: issued.cookie };
  const genuine = { videoId, token };

  const probes: Probe[] = [];
  for (const field of ["videoId", "token"] as const) {
    for (const v of VALUES) {
      const fields = { videoId: encodeURIComponent(genuine.videoId), token: encodeURIComponent(genuine.token), [field]: v.raw };
      probes.push({
        name: `POST /api/views ${field}= ${v.label}`,
        send: post("/api/views", formBody(fields), { ...FORM_TYPE, ...cookie }),
      });
    }
    probes.push({
      name: `POST /api/views ${field} repeated`,
      send: post("/api/views", `${formBody(genuine)}&${field}=${encodeURIComponent(genuine[field])}`, { ...FORM_TYPE, ...cookie }),
    });
  }
  const printable = VALUES.map((v) => decodeURIComponentSafe(v.raw)).filter((v) => /^[\x20-\x7e]*$/.test(v) && v.length < 8000);
  for (const value of printable) {
    probes.push({
      name: `POST /api/views cookie viewSession=${value.slice(0, 30)}`,
      send: post("/api/views", formBody({ videoId, token: encodeURIComponent(token) }), { ...FORM_TYPE, cookie: `viewSession=${value}` }),
    });
  }
  const bodies: [string, string | Buffer, Record<string, string>][] = [
    ["JSON", JSON.stringify(genuine), { "content-type": "application/json" }],
    ["text/plain", formBody({ videoId, token: encodeURIComponent(token) }), { "content-type": "text/plain" }],
    ["huge", `token=${"x".repeat(2_000_000)}`, FORM_TYPE],
    ["binary", crypto.randomBytes(4096), FORM_TYPE],
    ["empty", "", FORM_TYPE],
  ];
  for (const [label, body, headers] of bodies)
    probes.push({ name: `POST /api/views ${label} body`, send: post("/api/views", body, { ...headers, ...cookie }) });
  const failures = await run(client, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
  // Every answer above is a clear 4xx (checked one by one for the shapes a browser could send by mistake).
  for (const [body, headers, status] of [
    [JSON.stringify(genuine), { "content-type": "application/json" }, 415],
    [`token=${"x".repeat(5_000)}`, FORM_TYPE, 413],
    [`videoId=nope&token=${encodeURIComponent(token)}`, FORM_TYPE, 400],
    [formBody({ videoId, token: "forged" }), FORM_TYPE, 403],
  ] as const) {
    const res = await client.post("/api/views", { data: body, headers: { ...headers, ...cookie }, failOnStatusCode: false });
    expect(res.status(), body.slice(0, 40)).toBe(status);
  }
  const counts = (await (await fetch(`${baseURL}/__test/views?videoId=${videoId}`)).json()) as Record<string, number>;
  expect(counts).toEqual({ video: 0, category: 0, daily: 0 });
});

/** A public 2 s video (threshold 1 s) without media. */
async function shortVideo(baseURL: string | undefined): Promise<string> {
  const made = await fetch(`${baseURL}/__test/videos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ duration: 2 }),
  });
  return ((await made.json()) as { videoId: string }).videoId;
}

/**
 * The play-token endpoint with a real public video in reach: every hostile value in `videoId`, repeated
 * fields and malformed bodies, as a visitor and signed in. No 5xx, no reflection, and nothing issued: no
 * token and no view-session cookie (the genuine client gets both, so these checks can fail).
 */
test("the play-token endpoint issues nothing from hostile input, to visitors or signed-in users", async ({ baseURL }) => {
  const videoId = await shortVideo(baseURL);
  expect((await playToken(baseURL, videoId)).token).toBeTruthy();
  const issued: string[] = [];
  /** A probe that also notes any token or cookie in the answer. */
  const probe = (name: string, body: string | Buffer, headers: Record<string, string>): Probe => ({
    name,
    send: async (r) => {
      const res = await post("/api/play-token", body, headers)(r);
      if (res.headers()["set-cookie"] !== undefined || /play:/.test(await res.text())) issued.push(name);
      return res;
    },
  });
  const probes: Probe[] = VALUES.map((v) => probe(`videoId = ${v.label}`, `videoId=${v.raw}`, FORM_TYPE));
  const boundary = "hostileboundary";
  const bodies: [string, string | Buffer, Record<string, string>][] = [
    ["repeated", `videoId=${videoId}&videoId=${videoId}`, FORM_TYPE],
    ["JSON", JSON.stringify({ videoId }), { "content-type": "application/json" }],
    ["text/plain", `videoId=${videoId}`, { "content-type": "text/plain" }],
    ["no content type", `videoId=${videoId}`, {}],
    [
      "as a file",
      `--${boundary}\r\nContent-Disposition: form-data; name="videoId"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\n${videoId}\r\n--${boundary}--\r\n`,
      { "content-type": `multipart/form-data; boundary=${boundary}` },
    ],
    [
      "broken multipart",
      `--b\r\nContent-Disposition: form-data; name="videoId"\r\n\r\nno end`,
      { "content-type": "multipart/form-data; boundary=b" },
    ],
    ["empty", "", FORM_TYPE],
    ["huge", `videoId=${videoId}&pad=${"x".repeat(2_000_000)}`, FORM_TYPE],
    ["binary", crypto.randomBytes(4096), FORM_TYPE],
    ["invalid UTF-8 bytes", Buffer.from([0x76, 0x69, 0x64, 0x65, 0x6f, 0x49, 0x64, 0x3d, 0xff, 0xfe, 0xc0, 0xaf]), FORM_TYPE],
    ["cross-site", `videoId=${videoId}`, { ...FORM_TYPE, origin: "https://evil.example" }],
  ];
  for (const [label, body, headers] of bodies) probes.push(probe(`${label} body`, body, headers));

  const visitor = new LoopbackClient(baseURL as string);
  const user = await signedInClient(baseURL, "user");
  for (const [who, context] of [
    ["visitor", visitor],
    ["signed in", user],
  ] as const) {
    const failures = await run(context, probes);
    expect(failures, `${who}: ${failures.length} of ${probes.length} requests`).toEqual([]);
    expect(issued, `${who}: answers with a token or cookie`).toEqual([]);
  }
  await visitor.dispose();
  await user.dispose();
});

function decodeURIComponentSafe(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

test("what a visitor sees: a short 400 page for unreadable addresses, the site's own for ambiguous ones", async ({ client }) => {
  for (const url of ["/category/%00", "/blog/a%00b", "/search?q=%ff", "/%"]) {
    const res = await client.get(url);
    expect(res.status(), url).toBe(400);
    expect(await res.text()).toContain("This address contains characters we cannot read.");
  }
  const repeated = await client.get("/?page=1&page=2");
  expect(repeated.status()).toBe(400);
  expect(await repeated.text()).toContain("This address contains something we cannot read.");
  const json = await client.post("/contact", { data: { name: "x" }, failOnStatusCode: false });
  expect(json.status()).toBe(415);
  expect(await json.text()).toContain("An error occurred while submitting your message. Please try again.");
});

/**
 * The admin console with an admin's session: every hostile value in every field of each of its actions
 * (the others valid, naming no real unit), other methods, and the live ad feed's endpoint. Nothing may
 * answer 500 or reflect a payload.
 */
/** A client signed in through the real e-mail code flow (code read from the outbox), with a role. */
async function signedInClient(baseURL: string | undefined, role: "user" | "admin"): Promise<LoopbackClient> {
  const ip = `10.99.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;
  const client = new LoopbackClient(baseURL as string, { "x-forwarded-for": ip });
  const email = markerEmail();
  const formToken = await signInFormToken(baseURL as string);
  await client.post("/login", { form: { intent: "request-code", email, redirectTo: "/", formToken } });
  const code = await codeFromOutbox(email);
  await client.post("/login", { form: { intent: "verify-code", email, code, redirectTo: "/" } });
  if (role !== "user") {
    const set = await fetch(`${baseURL}/__test/users/role`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, role }),
    });
    expect(set.status).toBe(200);
  }
  expect((await client.get("/profile")).status(), "signed in").toBe(200);
  return client;
}

/**
 * A signed-in user's account writes: every hostile value in every field of each action (the others valid),
 * repeated fields and malformed bodies. No 5xx, no reflection, the session survives, and nothing is stored.
 */
test("the account's actions refuse hostile input from a signed-in user and store nothing", async ({ baseURL }) => {
  const user = await signedInClient(baseURL, "user");
  const probes: Probe[] = [];
  for (const { path: target, valid } of ACCOUNT_FORMS) {
    const label = `POST ${target}${valid.intent ? ` (${valid.intent})` : ""}`;
    // The fields this form sends, its intent and its redirect: a field only another intent reads is that intent's to
    // probe (the action parses one intent's schema), and every field of the path is some form's.
    const fields = (ACCOUNT_FIELDS[target] ?? []).filter((f) => f in valid || f === "intent" || f === "redirectTo");
    for (const field of fields) {
      for (const v of VALUES) {
        const fields: Record<string, string> = {};
        for (const [k, value] of Object.entries(valid)) fields[k] = encodeURIComponent(value);
        fields[field] = v.raw;
        probes.push({ name: `${label} ${field} = ${v.label}`, send: post(target, formBody(fields), FORM_TYPE) });
      }
      probes.push({ name: `${label} ${field} repeated`, send: post(target, `${formBody(valid)}&${field}=a&${field}=b`, FORM_TYPE) });
    }
    const bodies: [string, string | Buffer, Record<string, string>][] = [
      ["JSON", JSON.stringify(valid), { "content-type": "application/json" }],
      ["huge", `${formBody(valid)}&name=${"x".repeat(2_000_000)}`, FORM_TYPE],
      ["binary", crypto.randomBytes(4096), FORM_TYPE],
      [
        "broken multipart",
        `--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nno end`,
        { "content-type": "multipart/form-data; boundary=b" },
      ],
      ["cross-site", formBody(valid), { ...FORM_TYPE, origin: "https://evil.example" }],
    ];
    for (const [kind, body, headers] of bodies) probes.push({ name: `${label} ${kind} body`, send: post(target, body, headers) });
  }
  // Reading their state on a shared page: hostile scopes get a 400, never a 5xx or someone else's data.
  for (const param of ["video", "cards"]) {
    for (const v of VALUES)
      probes.push({ name: `GET /api/viewer-state?${param}= ${v.label}`, send: get(`/api/viewer-state?${param}=${v.raw}`) });
    probes.push({
      name: `GET /api/viewer-state?${param} repeated`,
      send: get(`/api/viewer-state?${param}=${NO_UNIT}&${param}=${NO_UNIT}`),
    });
  }
  // Playlists read signed in: the Save dialog's list, a playlist's page, a queue.
  for (const v of VALUES) {
    probes.push({ name: `GET /api/playlists?video= ${v.label}`, send: get(`/api/playlists?video=${v.raw}`) });
    probes.push({ name: `GET /playlists/${v.label}`, send: get(`/playlists/${v.raw}`) });
    probes.push({
      name: `GET /api/playlists/watch-later/queue?video= ${v.label}`,
      send: get(`/api/playlists/watch-later/queue?video=${v.raw}`),
    });
  }
  probes.push({
    name: "GET /api/viewer-state too many cards",
    send: get(`/api/viewer-state?cards=${Array.from({ length: 61 }, () => crypto.randomUUID()).join(",")}`),
  });
  const failures = await run(user, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
  // Still signed in (no hostile value confirmed a deletion or ended the session), and nothing was recorded.
  const favorites = await user.get("/favorites", { maxRedirects: 0 });
  expect(favorites.status()).toBe(200);
  expect(await favorites.text()).toContain("Your favorite videos will appear here.");
  const history = await user.get("/history", { maxRedirects: 0 });
  expect(await history.text()).toContain("Your recently watched videos will appear here.");
  // No playlist was made, nothing went into Watch Later.
  const playlists = await (await user.get("/playlists", { maxRedirects: 0 })).text();
  expect(playlists).toContain("Playlists you create will appear here.");
  expect(playlists).toContain("0 videos");
  await user.dispose();
});

test("the admin console and the live ad feed refuse hostile input from an admin too", async ({ baseURL }) => {
  const admin = await signedInClient(baseURL, "admin");
  expect((await admin.get("/admin/ads")).status()).toBe(200);

  const probes: Probe[] = [];
  for (const valid of ADMIN_FORMS) probes.push(...formActionProbes("/admin/ads", valid, ADMIN_FIELDS, "zoneId"));
  for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"]) {
    for (const target of ["/admin/ads", "/admin", "/api/ads/events"]) {
      probes.push({
        name: `${method} ${target}`,
        send: (r) =>
          r.fetch(target, { method, data: formBody(ADMIN_TOGGLE), headers: FORM_TYPE, maxRedirects: 0, failOnStatusCode: false }),
      });
    }
  }
  for (const v of VALUES) probes.push({ name: `GET /admin/ads?x= ${v.label}`, send: get(`/admin/ads?${UNKNOWN_PARAM}=${v.raw}`) });
  const failures = await run(admin, probes);

  // The live feed is a stream that never ends: its status is read, then the request is dropped.
  for (const v of VALUES.slice(0, 12)) {
    const res = await fetch(`${baseURL}/api/ads/events?${UNKNOWN_PARAM}=${v.raw}`, { signal: AbortSignal.timeout(5_000) }).catch(
      () => undefined,
    );
    if (!res || res.status >= 500) failures.push(`GET /api/ads/events?x= ${v.label}: ${res?.status ?? "no answer"}`);
    await res?.body?.cancel();
  }
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
  await admin.dispose();
});

// Apart from the ad units: together they came near one test's time on a loaded machine.
test("the console's blog refuses hostile input from an admin too", async ({ baseURL }) => {
  // Every refused post answers with the whole editor or list page (about 1,200 of them): the longest sweep.
  const admin = await signedInClient(baseURL, "admin");
  const probes: Probe[] = [];
  const blogPosts = async () => /(\d+) posts?, drafts included/.exec(await (await admin.get("/admin/blog")).text())?.[1];
  const postsBefore = await blogPosts();
  expect(postsBefore, "the console's post count").toBeTruthy();
  for (const form of BLOG_FORMS) {
    probes.push(...formActionProbes(form.path, form.valid, form.fields ?? BLOG_FIELDS, "content"));
    for (const method of ["PUT", "DELETE", "PATCH"])
      probes.push({
        name: `${method} ${form.path}`,
        send: (r) =>
          r.fetch(form.path, {
            method,
            data: new URLSearchParams(form.valid).toString(),
            headers: FORM_TYPE,
            maxRedirects: 0,
            failOnStatusCode: false,
          }),
      });
  }
  for (const v of VALUES) {
    probes.push({ name: `GET /admin/blog?page= ${v.label}`, send: get(`/admin/blog?page=${v.raw}`) });
    probes.push({ name: `GET /admin/blog/:postId ${v.label}`, send: get(`/admin/blog/${v.raw}`) });
    probes.push({ name: `GET /admin/blog/:postId?lang= ${v.label}`, send: get(`/admin/blog/${NO_POST}?lang=${v.raw}`) });
    probes.push({
      name: `POST /admin/blog/:postId ${v.label}`,
      send: post(`/admin/blog/${v.raw}`, formBody({ intent: "delete", title: "x", content: "x" }), FORM_TYPE),
    });
  }
  const failures = await run(admin, probes);
  expect(await blogPosts(), "no blog post stored or deleted").toBe(postsBefore);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
  await admin.dispose();
});

// --- console-dash: the Dashboard, Users and Audit log sections with an admin's session -------------------

/**
 * Every hostile value in every query parameter of the three sections and in every field of the role form
 * (the others valid, naming no user, so nothing changes), other methods, repeated fields, JSON and huge
 * bodies: nothing may answer 500 or reflect a payload.
 */
test("the console's dashboard, users and audit log refuse hostile input from an admin too", async ({ baseURL }) => {
  const admin = await signedInClient(baseURL, "admin");
  for (const page of ["/admin", "/admin/users", "/admin/audit"]) expect((await admin.get(page)).status(), page).toBe(200);
  const probes: Probe[] = [];
  const queries: [string, string[]][] = [
    ["/admin", ["period", UNKNOWN_PARAM]],
    ["/admin/users", ["q", "page", UNKNOWN_PARAM]],
    ["/admin/audit", ["page", "action", "actor", UNKNOWN_PARAM]],
  ];
  for (const [target, params] of queries) {
    for (const param of params) {
      for (const v of VALUES) {
        probes.push({ name: `GET ${target}?${param}= ${v.label}`, send: get(`${target}?${param}=${v.raw}`) });
        probes.push({ name: `GET ${target}.data?${param}= ${v.label}`, send: get(`${target}.data?${param}=${v.raw}`), html: false });
      }
      probes.push({ name: `GET ${target}?${param} repeated`, send: get(`${target}?${param}=1&${param}=2`) });
    }
  }
  const valid = { intent: "role", userId: "no-such-user", role: "creator" };
  probes.push(...formActionProbes("/admin/users", valid, Object.keys(valid), "userId"));
  for (const target of ["/admin", "/admin/audit"]) {
    probes.push({ name: `POST ${target} (no action)`, send: post(target, formBody(valid), FORM_TYPE) });
  }
  for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"]) {
    for (const target of ["/admin/users", "/admin/audit"]) {
      probes.push({
        name: `${method} ${target}`,
        send: (r) => r.fetch(target, { method, data: formBody(valid), headers: FORM_TYPE, maxRedirects: 0, failOnStatusCode: false }),
      });
    }
  }
  const failures = await run(admin, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
  // Nothing was changed: no role change was recorded by this admin.
  const audit = await admin.get("/admin/audit?action=user.role");
  expect(await audit.text()).not.toContain("no-such-user");
  await admin.dispose();
});
// --- end console-dash

// ---- Console moderation sections (console-moderation branch) ----

/**
 * The moderation sections with an admin's session: every hostile value in every field of each action (the
 * others valid, naming nothing that exists), their query and path parameters, other methods. Nothing may
 * answer 500 or reflect a payload, and nothing may change: a hostile value that is a valid category name
 * ("NaN", "0x10", digits) would really create a category, so those few go only through the rename row
 * (same name rules, against a category that does not exist); the service tests cover valid names.
 */
test("the console's moderation sections refuse hostile input from an admin too", async ({ baseURL }) => {
  const admin = await signedInClient(baseURL, "admin");
  expect((await admin.get("/admin/categories")).status()).toBe(200);
  const categoriesBefore = await (await admin.get("/admin/categories")).text();
  const createsSomething = (form: Record<string, string>, field: string, v: Hostile) =>
    form.intent === "create" && field === "name" && categoryNameSchema.safeParse(decodeURIComponentSafe(v.raw)).success;

  const probes: Probe[] = [];
  for (const { path: target, valid, fields } of MODERATION_FORMS) {
    probes.push(...formActionProbes(target, valid, fields, "name", (field, v) => createsSomething(valid, field, v)));
  }
  for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"]) {
    for (const target of [
      "/admin/comments",
      "/admin/messages",
      "/admin/categories",
      `/admin/messages/${NO_ID}`,
      `/admin/categories/${NO_ID}`,
    ]) {
      probes.push({
        name: `${method} ${target}`,
        send: (r) =>
          r.fetch(target, { method, data: formBody({ intent: "delete" }), headers: FORM_TYPE, maxRedirects: 0, failOnStatusCode: false }),
      });
    }
  }
  for (const { path: target, params } of MODERATION_QUERIES) {
    for (const param of [...params, UNKNOWN_PARAM]) {
      for (const v of VALUES) probes.push({ name: `GET ${target}?${param}= ${v.label}`, send: get(`${target}?${param}=${v.raw}`) });
      probes.push({ name: `GET ${target}?${param} repeated`, send: get(`${target}?${param}=1&${param}=2`) });
    }
  }
  for (const v of VALUES) {
    for (const route of ["/admin/messages", "/admin/categories"]) {
      probes.push({ name: `GET ${route}/:id = ${v.label}`, send: get(`${route}/${v.raw}`) });
      probes.push({ name: `GET ${route}/:id.data = ${v.label}`, send: get(`${route}/${v.raw}.data`), html: false });
    }
  }
  const failures = await run(admin, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
  // No category appeared, went or was renamed (the page lists them all with their counts).
  const names = (html: string) => [...html.matchAll(/data-category-name="([^"]*)"/g)].map((m) => m[1]);
  expect(names(await (await admin.get("/admin/categories")).text())).toEqual(names(categoriesBefore));
  await admin.dispose();
});
// ---- end of console moderation ----
/** The takedown queue with an admin's session: every hostile value in every field; ids name nothing, so nothing changes. */
test("the console's takedown queue refuses hostile input from an admin too", async ({ baseURL }) => {
  const admin = await signedInClient(baseURL, "admin");
  const before = await (await admin.get("/admin/takedowns")).text();
  expect(before).toContain("Takedown requests");
  const probes: Probe[] = [];
  for (const valid of TAKEDOWN_FORMS) probes.push(...formActionProbes("/admin/takedowns", valid, TAKEDOWN_FIELDS, "note"));
  for (const v of VALUES)
    probes.push({ name: `GET /admin/takedowns?${UNKNOWN_PARAM}= ${v.label}`, send: get(`/admin/takedowns?${UNKNOWN_PARAM}=${v.raw}`) });
  const failures = await run(admin, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
  const audit = await (await admin.get("/admin/audit?action=takedown.")).text();
  expect(audit).not.toContain("corpus");
  await admin.dispose();
});

// ---- Console: Videos (issue 11) -------------------------------------------------------------------------

const TUS = { "Tus-Resumable": "1.0.0" };
const b64 = (text: string) => Buffer.from(text).toString("base64");
const GOOD_METADATA = `filename ${b64("corpus.mp4")},filetype ${b64("video/mp4")}`;

/**
 * The Videos section and its tus endpoint with an admin's session: every hostile value in every field of
 * the upload, edit and delete actions, path and query parameters, and malformed tus headers (Upload-Length,
 * Upload-Offset, Tus-Resumable, Upload-Metadata, Content-Type) on creation and on a real upload. Nothing may
 * answer 500 or reflect a payload, and no hostile upload is left behind.
 */
test("console videos and the tus upload endpoint refuse hostile input from an admin too", async ({ baseURL }) => {
  const admin = await signedInClient(baseURL, "admin");
  expect((await admin.get("/admin/videos")).status()).toBe(200);
  const uploadsDir = path.join(e2eSite().dataDir, "uploads");
  const uploadFiles = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : []);
  const before = uploadFiles();

  const probes: Probe[] = [];
  const actions: [string, Record<string, string>][] = [
    ["/admin/videos/new", VIDEO_CREATE],
    [`/admin/videos/${NO_UNIT}`, VIDEO_UPDATE],
    [`/admin/videos/${NO_UNIT}`, VIDEO_DELETE],
  ];
  for (const [url, valid] of actions) {
    probes.push(...formActionProbes(url, valid, VIDEO_FIELDS, "title"));
    probes.push({ name: `POST ${url} (${valid.intent}) binary`, send: post(url, crypto.randomBytes(4096), FORM_TYPE) });
  }
  // Chapters: on no video (404), and on a real one, where a hostile list is refused with its problems listed (or,
  // when it happens to be a valid list, saved and shown escaped: tests/e2e/chapters.spec.ts looks at the page).
  const chaptersVideo = await shortVideo(baseURL);
  for (const url of [`/admin/videos/${NO_UNIT}`, `/admin/videos/${chaptersVideo}`])
    probes.push(...formActionProbes(url, CHAPTERS_UPDATE, CHAPTERS_FIELDS, "chapters"));
  // Translations: on no video only (404), so the demo's published versions stay as they are.
  probes.push(...formActionProbes(`/admin/videos/${NO_UNIT}`, TRANSLATION_UPDATE, TRANSLATION_FIELDS, "title"));
  for (const v of VALUES) {
    for (const url of [`/admin/videos/${v.raw}`, `/admin/videos/jobs/${v.raw}`]) {
      probes.push({ name: `GET ${url.replace(v.raw, "")}${v.label}`, send: get(url) });
      probes.push({ name: `POST ${url.replace(v.raw, "")}${v.label}`, send: post(url, formBody(VIDEO_UPDATE), FORM_TYPE) });
    }
    for (const param of ["page", "q", "visibility", "deleted"]) {
      probes.push({ name: `GET /admin/videos?${param}= ${v.label}`, send: get(`/admin/videos?${param}=${v.raw}`) });
    }
  }

  // tus: values a client can put in a header (printable ASCII).
  const printable = VALUES.map((v) => decodeURIComponentSafe(v.raw)).filter((v) => /^[\x20-\x7e]*$/.test(v) && v.length < 8000);
  /** A creation that got through (201) is terminated at once: nothing stays. */
  const leftovers: string[] = [];
  const tus = (method: string, url: string, headers: Record<string, string>, data?: string | Buffer) => async (r: LoopbackClient) => {
    const res = await r.fetch(url, { method, headers, data, maxRedirects: 0, failOnStatusCode: false });
    const location = res.headers().location;
    if (method === "POST" && res.status() === 201) {
      const gone = location ? await r.delete(location, { headers: TUS, failOnStatusCode: false }) : undefined;
      if (gone?.status() !== 204)
        leftovers.push(`${method} ${url} ${JSON.stringify(headers).slice(0, 200)}: ${location} ${gone?.status()}`);
    }
    return res;
  };
  const metadata = [
    ...printable,
    "filename",
    "filename  ",
    "filename !!!",
    `filename ${b64("a.mp4")},filename ${b64("b.mp4")}`,
    `filename ${b64(SCRIPT)}.mp4`,
    `filename ${b64(`${SCRIPT}.mp4`)}`,
    `filename ${b64("../../etc/passwd.mp4")}`,
    `filename ${b64("a\u0000.mp4")}`,
    `filename ${b64("x".repeat(300))}.mp4`,
    `filename ${b64("a.mp4")},filetype ${b64(SCRIPT)}`,
    `filename ${b64("a.exe")},filetype ${b64("application/x-msdownload")}`,
    `${"k".repeat(5000)} ${b64("v")}`,
  ];
  for (const value of printable) {
    probes.push({
      name: `tus POST Upload-Length = ${value.slice(0, 30)}`,
      send: tus("POST", "/admin/uploads", { ...TUS, "Upload-Length": value, "Upload-Metadata": GOOD_METADATA }),
    });
    probes.push({
      name: `tus POST Tus-Resumable = ${value.slice(0, 30)}`,
      send: tus("POST", "/admin/uploads", { "Tus-Resumable": value, "Upload-Length": "10", "Upload-Metadata": GOOD_METADATA }),
    });
  }
  for (const value of metadata) {
    probes.push({
      name: `tus POST Upload-Metadata = ${value.slice(0, 40)}`,
      send: tus("POST", "/admin/uploads", { ...TUS, "Upload-Length": "10", "Upload-Metadata": value }),
    });
  }
  probes.push({
    name: "tus POST without Tus-Resumable",
    send: tus("POST", "/admin/uploads", { "Upload-Length": "10", "Upload-Metadata": GOOD_METADATA }),
  });
  probes.push({
    name: "tus POST without Upload-Length",
    send: tus("POST", "/admin/uploads", { ...TUS, "Upload-Metadata": GOOD_METADATA }),
  });
  probes.push({
    name: "tus POST deferred length",
    send: tus("POST", "/admin/uploads", { ...TUS, "Upload-Defer-Length": "1", "Upload-Metadata": GOOD_METADATA }),
  });
  probes.push({ name: "tus POST without metadata", send: tus("POST", "/admin/uploads", { ...TUS, "Upload-Length": "10" }) });
  probes.push({
    name: "tus POST zero length",
    send: tus("POST", "/admin/uploads", { ...TUS, "Upload-Length": "0", "Upload-Metadata": GOOD_METADATA }),
  });
  probes.push({
    name: "tus POST concatenation",
    send: tus("POST", "/admin/uploads", { ...TUS, "Upload-Concat": "final;/admin/uploads/a /admin/uploads/b" }),
  });
  probes.push({
    name: "tus POST with a body (creation-with-upload)",
    send: tus(
      "POST",
      "/admin/uploads",
      { ...TUS, "Upload-Length": "10", "Upload-Metadata": GOOD_METADATA, "Content-Type": "application/offset+octet-stream" },
      "0123456789abcdef",
    ),
  });
  probes.push({
    name: "tus POST cross-origin",
    send: tus("POST", "/admin/uploads", {
      ...TUS,
      "Upload-Length": "10",
      "Upload-Metadata": GOOD_METADATA,
      Origin: "https://evil.example",
    }),
  });
  for (const v of VALUES) {
    for (const method of ["HEAD", "PATCH", "DELETE", "POST", "GET", "PUT"]) {
      probes.push({
        name: `tus ${method} /admin/uploads/${v.label}`,
        send: tus(
          method,
          `/admin/uploads/${v.raw}`,
          { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
          method === "PATCH" ? "x" : undefined,
        ),
        html: method !== "HEAD",
      });
    }
  }
  probes.push({
    name: "tus HEAD of an upload that does not exist",
    send: tus("HEAD", `/admin/uploads/${"e".repeat(32)}`, TUS),
    html: false,
  });
  const failures = await run(admin, probes, 4);

  // A real upload of 10 bytes: every malformed PATCH is refused and its offset stays 0.
  const created = await admin.post("/admin/uploads", { headers: { ...TUS, "Upload-Length": "10", "Upload-Metadata": GOOD_METADATA } });
  expect(created.status()).toBe(201);
  const upload = created.headers().location as string;
  const patches: Probe[] = [];
  const octets = { "Content-Type": "application/offset+octet-stream" };
  for (const value of printable) {
    patches.push({
      name: `tus PATCH Upload-Offset = ${value.slice(0, 30)}`,
      send: tus("PATCH", upload, { ...TUS, ...octets, "Upload-Offset": value }, "abc"),
    });
    patches.push({
      name: `tus PATCH Content-Type = ${value.slice(0, 30)}`,
      send: tus("PATCH", upload, { ...TUS, "Content-Type": value, "Upload-Offset": "0" }, "abc"),
    });
  }
  patches.push({
    name: "tus PATCH offset ahead of the upload",
    send: tus("PATCH", upload, { ...TUS, ...octets, "Upload-Offset": "5" }, "abc"),
  });
  patches.push({
    name: "tus PATCH past Upload-Length",
    send: tus("PATCH", upload, { ...TUS, ...octets, "Upload-Offset": "0" }, "x".repeat(20_000)),
  });
  patches.push({ name: "tus PATCH without Tus-Resumable", send: tus("PATCH", upload, { ...octets, "Upload-Offset": "0" }, "abc") });
  patches.push({ name: "tus PATCH without Upload-Offset", send: tus("PATCH", upload, { ...TUS, ...octets }, "abc") });
  patches.push({
    name: "tus PATCH changes the length",
    send: tus("PATCH", upload, { ...TUS, ...octets, "Upload-Offset": "0", "Upload-Length": "99" }, ""),
  });
  for (const probe of patches) {
    // One after another: PATCHes of one upload take its lock in turn.
    failures.push(...(await run(admin, [probe], 1)));
  }
  const head = await admin.fetch(upload, { method: "HEAD", headers: TUS });
  expect(head.status()).toBe(200);
  expect(["0", "10"]).toContain(head.headers()["upload-offset"]); // "past Upload-Length" may have been refused whole
  expect((await admin.delete(upload, { headers: TUS })).status()).toBe(204);

  expect(failures, `${failures.length} of ${probes.length + patches.length} requests`).toEqual([]);
  expect(leftovers, "created uploads that could not be terminated").toEqual([]);
  expect(uploadFiles(), "uploads left behind").toEqual(before);
  await admin.dispose();
});

// ---- Captions (issue 23 item 5) ----

/**
 * The captions action with an admin's session: every hostile value in its fields (on a video that does not
 * exist), and hostile caption files for a real video: not WebVTT, binary, not UTF-8, too large, a file in
 * the wrong field, two files, a hostile file name. Every answer is a 4xx, nothing is reflected, and the video
 * ends with no captions stored.
 */
test("the captions action refuses hostile input and hostile files from an admin", async ({ baseURL }) => {
  const admin = await signedInClient(baseURL, "admin");
  const list = await (await admin.get("/admin/videos?visibility=public&page=6")).text();
  const videoId = /href="\/admin\/videos\/([0-9a-f-]{36})"/.exec(list)?.[1];
  expect(videoId, "a video to try files on").toBeTruthy();
  const storedCaptions = async () =>
    ((await (await admin.get(`/admin/videos/${videoId}`)).text()).match(/\/media\/captions\//g) ?? []).length;
  const captionsBefore = await storedCaptions();
  const target = `/admin/videos/${videoId}/captions`;
  const probes: Probe[] = formActionProbes(`/admin/videos/${NO_UNIT}/captions`, CAPTION_REMOVE, CAPTION_FIELDS, "language");
  const multipart = (parts: { name: string; value: string | Buffer; filename?: string }[]) => {
    const boundary = `captions${crypto.randomBytes(6).toString("hex")}`;
    const chunks = parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? "" : `; filename="${p.filename}"`}\r\n${
          p.filename === undefined ? "" : "Content-Type: text/vtt\r\n"
        }\r\n`,
      ),
      typeof p.value === "string" ? Buffer.from(p.value) : p.value,
      Buffer.from("\r\n"),
    ]);
    return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
  };
  const files: [string, string | Buffer][] = [
    ["script only", SCRIPT],
    ["HTML page", `<!doctype html><html><body>${IMG}</body></html>`],
    ["binary", crypto.randomBytes(8192)],
    ["not UTF-8", Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x0a, 0xc0, 0xaf, 0xff])],
    ["NUL bytes", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na\u0000b\n"],
    ["bad timing with a script", `WEBVTT\n\n00:00:01.000 --> ${SCRIPT}\nx\n`],
    ["cue after the end", "WEBVTT\n\n99:00:00.000 --> 99:00:01.000\nlate\n"],
    ["no cues", "WEBVTT\n\nNOTE only a note\n"],
    ["300 KB", `WEBVTT\n\n${"a".repeat(300 * 1024)}`],
    ["empty", ""],
  ];
  for (const [label, content] of files) {
    const { body, type } = multipart([
      { name: "intent", value: "save" },
      { name: "language", value: "en" },
      { name: "file", value: content, filename: `${label}.vtt` },
    ]);
    probes.push({ name: `POST captions file: ${label}`, send: post(target, body, { "content-type": type }) });
  }
  const valid = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n";
  const odd: [string, { name: string; value: string | Buffer; filename?: string }[]][] = [
    [
      "file as a plain field",
      [
        { name: "intent", value: "save" },
        { name: "language", value: "en" },
        { name: "file", value: valid },
      ],
    ],
    [
      "two files",
      [
        { name: "intent", value: "save" },
        { name: "language", value: "en" },
        { name: "file", value: valid, filename: "a.vtt" },
        { name: "file", value: valid, filename: "b.vtt" },
      ],
    ],
    [
      "hostile language",
      [
        { name: "intent", value: "save" },
        { name: "language", value: SCRIPT },
        { name: "file", value: valid, filename: "a.vtt" },
      ],
    ],
    [
      "language as a file",
      [
        { name: "intent", value: "save" },
        { name: "language", value: "en", filename: "en.vtt" },
        { name: "file", value: valid, filename: "a.vtt" },
      ],
    ],
    [
      "hostile file name",
      [
        { name: "intent", value: "save" },
        { name: "language", value: "xx" },
        { name: "file", value: valid, filename: `${IMG}\r\nX: y.vtt` },
      ],
    ],
    [
      "no file",
      [
        { name: "intent", value: "save" },
        { name: "language", value: "en" },
      ],
    ],
  ];
  for (const [label, parts] of odd) {
    const { body, type } = multipart(parts);
    probes.push({ name: `POST captions ${label}`, send: post(target, body, { "content-type": type }) });
  }
  for (const method of ["PUT", "DELETE", "PATCH"])
    probes.push({
      name: `${method} ${target}`,
      send: (r) =>
        r.fetch(target, { method, data: formBody(CAPTION_REMOVE), headers: FORM_TYPE, maxRedirects: 0, failOnStatusCode: false }),
    });
  probes.push({ name: `GET ${target}`, send: get(target) });
  const failures = await run(admin, probes);
  expect(failures, `${failures.length} of ${probes.length} requests`).toEqual([]);
  // Every file above was refused: the video's captions are as they were.
  expect(await storedCaptions()).toBe(captionsBefore);
  await admin.dispose();
});
// ---- end of captions ----
