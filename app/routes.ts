import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** Mirrors SPEC.md §2's route table. */
export default [
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("our-values", "routes/redirects/our-values.ts"),
  route("privacy-policy", "routes/redirects/privacy-policy.ts"),
  route("age-verification", "routes/age-verification.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("blog/feed.xml", "routes/blog/feed.ts"),
  route("api/views", "routes/api/views.ts"),
  route("api/videos/:videoId/like", "routes/api/like.ts"),
  route("api/comments", "routes/api/comments.ts"),
  route("api/comments/:commentId/delete", "routes/api/comment-delete.ts"),
  route("api/favorites", "routes/api/favorites.ts"),
  route("api/history", "routes/api/history.ts"),
  route("settings/export", "routes/account/export.ts"),
  // The admin console (admins only; everyone else gets the 404 page): no sidebar, its own navigation.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("ads", "routes/admin/ads.tsx"),
    route("videos", "routes/admin/videos.tsx"),
    route("videos/new", "routes/admin/video-upload.tsx"),
    route("videos/jobs/:jobId", "routes/admin/video-job.ts"),
    route("videos/:videoId", "routes/admin/video-edit.tsx"),
  ]),
  layout("routes/_site.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("category/:categoryName", "routes/home.tsx", { id: "category" }),
    route("video/:videoId", "routes/video.tsx"),
    route("search", "routes/search.tsx"),
    route("blog", "routes/blog/list.tsx"),
    route("blog/:slug", "routes/blog/post.tsx"),
    route("values", "routes/pages/static-page.tsx", { id: "page-values" }),
    route("career", "routes/pages/static-page.tsx", { id: "page-career" }),
    route("terms", "routes/pages/static-page.tsx", { id: "page-terms" }),
    route("privacy", "routes/pages/static-page.tsx", { id: "page-privacy" }),
    route("faq", "routes/pages/faq.tsx"),
    route("contact", "routes/contact.tsx"),
    // Signed-in only (SPEC.md §2): each loader sends visitors to /login and back.
    route("profile", "routes/account/profile.tsx"),
    route("favorites", "routes/account/favorites.tsx"),
    route("history", "routes/account/history.tsx"),
    route("settings", "routes/account/settings.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
