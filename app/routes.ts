import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** Mirrors SPEC.md §2's route table. */
export default [
  route("login", "routes/login.tsx"),
  route("our-values", "routes/redirects/our-values.ts"),
  route("privacy-policy", "routes/redirects/privacy-policy.ts"),
  route("age-verification", "routes/age-verification.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  layout("routes/_site.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("category/:categoryName", "routes/home.tsx", { id: "category" }),
    route("video/:videoId", "routes/video.tsx"),
    route("search", "routes/search.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
