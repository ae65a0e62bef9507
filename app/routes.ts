import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * A page a visitor reads in a language: at its English address and under each other language's prefix
 * (`/de/video/…`; core/locales.ts). The root middleware answers 404 for a first segment that names no language.
 */
const localized = (path: string) => (path ? `:lang?/${path}` : ":lang?");

/** Mirrors the route table of docs/product.md "Routes". */
export default [
  route(localized("login"), "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("our-values", "routes/redirects/our-values.ts"),
  route("privacy-policy", "routes/redirects/privacy-policy.ts"),
  route("age-verification", "routes/age-verification.ts"),
  // Age assurance where a jurisdiction needs more than self-declaration (docs/decisions/0028-age-assurance.md).
  route("age-check", "routes/age-check.tsx"),
  route("age-check/callback", "routes/age-check-callback.ts"),
  route("robots.txt", "routes/robots.ts"),
  // One sitemap per language, each listing its pages with every language's version (docs/i18n.md).
  route(localized("sitemap.xml"), "routes/sitemap.ts"),
  route("blog/feed.xml", "routes/blog/feed.ts"),
  route("api/play-token", "routes/api/play-token.ts"),
  route("api/views", "routes/api/views.ts"),
  route("api/videos/:videoId/like", "routes/api/like.ts"),
  route("api/comments", "routes/api/comments.ts"),
  route("api/comments/:commentId/delete", "routes/api/comment-delete.ts"),
  route("api/favorites", "routes/api/favorites.ts"),
  route("api/history", "routes/api/history.ts"),
  route("api/playlists", "routes/api/playlists.ts"),
  route("api/playlists/:list/queue", "routes/api/playlist-queue.ts"),
  route("api/autoplay", "routes/api/autoplay.ts"),
  route("api/caption-style", "routes/api/caption-style.ts"),
  route("api/viewer-state", "routes/api/viewer-state.ts"),
  route("api/search-suggestions", "routes/api/search-suggestions.ts"),
  route("settings/export", "routes/account/export.ts"),
  // The admin console (admins only; everyone else gets the 404 page): no sidebar, its own navigation.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("ads", "routes/admin/ads.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("comments", "routes/admin/comments.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("messages/:messageId", "routes/admin/message.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("categories/:categoryId", "routes/admin/category.tsx"),
    route("translations", "routes/admin/translations.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("blog/new", "routes/admin/blog-editor.tsx", { id: "admin-blog-new" }),
    route("blog/preview", "routes/admin/blog-preview.ts"),
    route("blog/:postId", "routes/admin/blog-editor.tsx", { id: "admin-blog-edit" }),
    route("videos", "routes/admin/videos.tsx"),
    route("videos/new", "routes/admin/video-upload.tsx"),
    route("videos/jobs/:jobId", "routes/admin/video-job.ts"),
    route("videos/:videoId", "routes/admin/video-edit.tsx"),
    route("videos/:videoId/captions", "routes/admin/video-captions.ts"),
    route("takedowns", "routes/admin/takedowns.tsx"),
  ]),
  layout("routes/_site.tsx", [
    route(localized(""), "routes/home.tsx", { id: "home" }),
    route(localized("category/:categoryName"), "routes/home.tsx", { id: "category" }),
    route(localized("video/:videoId"), "routes/video.tsx"),
    route(localized("video/:videoId/credentials"), "routes/video-credentials.tsx"),
    route(localized("search"), "routes/search.tsx"),
    route(localized("blog"), "routes/blog/list.tsx"),
    route(localized("blog/:slug"), "routes/blog/post.tsx"),
    route(localized("values"), "routes/pages/static-page.tsx", { id: "page-values" }),
    route(localized("career"), "routes/pages/static-page.tsx", { id: "page-career" }),
    route(localized("terms"), "routes/pages/static-page.tsx", { id: "page-terms" }),
    route(localized("privacy"), "routes/pages/static-page.tsx", { id: "page-privacy" }),
    route(localized("faq"), "routes/pages/faq.tsx"),
    route(localized("contact"), "routes/contact.tsx"),
    route(localized("report"), "routes/report.tsx"),
    route(localized("trust"), "routes/trust.tsx"),
    route(localized("takedown"), "routes/takedown.tsx"),
    // Signed-in only (docs/product.md "Routes"): each loader sends visitors to /login and back.
    route(localized("profile"), "routes/account/profile.tsx"),
    route(localized("favorites"), "routes/account/favorites.tsx"),
    route(localized("history"), "routes/account/history.tsx"),
    route(localized("playlists"), "routes/account/playlists.tsx"),
    // Public playlists are for everyone to see; a private one is a 404 to all but its owner.
    route(localized("playlists/:list"), "routes/account/playlist.tsx"),
    route(localized("settings"), "routes/account/settings.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
