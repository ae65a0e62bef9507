import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { paths } from "../../core/paths";

/**
 * core/paths.ts against app/routes.ts: every address a helper builds is answered by a route of the table (not the
 * catch-all 404), each helper by one route, and every route that anything links to has its helper.
 */

const ID = "0b9f5c1e-7a34-4c2e-9d51-3f6a2b8e4c70";
const ORDER = { sort: "views", duration: "short" } as const;

/** Addresses built by each helper, with and without their options. The type asks for every helper. */
type Calls<T> = { [K in keyof T]: T[K] extends (...args: never) => unknown ? string[] : Calls<T[K]> };
const CALLS: Calls<typeof paths> = {
  home: [paths.home(), paths.home({ page: 2 })],
  category: [paths.category("sci-fi"), paths.category("Sci Fi", { order: ORDER, page: 2 })],
  video: [paths.video(ID), paths.video(ID, { list: "watch-later" })],
  videoCredentials: [paths.videoCredentials(ID)],
  search: [paths.search(), paths.search({ q: "neon city", order: ORDER, page: 2 })],
  blog: [paths.blog(), paths.blog(2)],
  blogPost: [paths.blogPost("welcome-to-pleazure")],
  feed: [paths.feed()],
  values: [paths.values()],
  career: [paths.career()],
  terms: [paths.terms()],
  privacy: [paths.privacy()],
  faq: [paths.faq()],
  contact: [paths.contact()],
  report: [paths.report(), paths.report({ type: "playlist", id: ID })],
  trust: [paths.trust()],
  takedown: [paths.takedown(), paths.takedown(`https://site.example${paths.video(ID)}`)],
  login: [paths.login(), paths.login(paths.profile())],
  logout: [paths.logout()],
  ageVerification: [paths.ageVerification()],
  ageCheck: [paths.ageCheck(), paths.ageCheck({ result: "failed", returnTo: paths.video(ID) })],
  ageCheckCallback: [paths.ageCheckCallback()],
  profile: [paths.profile()],
  favorites: [paths.favorites(), paths.favorites(2)],
  history: [paths.history(), paths.history(2)],
  playlists: [paths.playlists()],
  playlist: [paths.playlist("watch-later"), paths.playlist(ID, 2)],
  settings: [paths.settings()],
  settingsExport: [paths.settingsExport()],
  robots: [paths.robots()],
  sitemap: [paths.sitemap()],
  admin: {
    dashboard: [paths.admin.dashboard()],
    reports: [paths.admin.reports(), paths.admin.reports(2)],
    videos: [paths.admin.videos(), paths.admin.videos({ q: "dusk", visibility: "private", page: 2, deleted: true })],
    newVideo: [paths.admin.newVideo()],
    video: [paths.admin.video(ID)],
    videoCaptions: [paths.admin.videoCaptions(ID)],
    videoJob: [paths.admin.videoJob(ID)],
    uploads: [paths.admin.uploads()],
    categories: [paths.admin.categories()],
    category: [paths.admin.category(ID)],
    translations: [paths.admin.translations()],
    blog: [paths.admin.blog(), paths.admin.blog({ page: 2, deleted: true })],
    newBlogPost: [paths.admin.newBlogPost()],
    blogPost: [paths.admin.blogPost(ID), paths.admin.blogPost(ID, { created: true })],
    blogPreview: [paths.admin.blogPreview()],
    comments: [paths.admin.comments(), paths.admin.comments({ video: "x", user: "a@b.example", page: 2 })],
    messages: [paths.admin.messages(), paths.admin.messages({ q: "x", page: 2 })],
    message: [paths.admin.message(ID)],
    takedowns: [paths.admin.takedowns()],
    users: [paths.admin.users()],
    ads: [paths.admin.ads()],
    audit: [paths.admin.audit()],
  },
  api: {
    playToken: [paths.api.playToken()],
    views: [paths.api.views()],
    like: [paths.api.like(ID)],
    comments: [paths.api.comments()],
    deleteComment: [paths.api.deleteComment(ID)],
    favorites: [paths.api.favorites()],
    history: [paths.api.history()],
    playlists: [paths.api.playlists(), paths.api.playlists(ID)],
    playlistQueue: [paths.api.playlistQueue("watch-later", ID)],
    autoplay: [paths.api.autoplay()],
    captionStyle: [paths.api.captionStyle()],
    viewerState: [paths.api.viewerState(), paths.api.viewerState({ video: ID, cards: [ID] })],
    searchSuggestions: [paths.api.searchSuggestions("neon")],
    adEvents: [paths.api.adEvents()],
  },
};

/** Served by the HTTP layer before React Router (server/http/app.ts): no route of the table may claim them. */
const HTTP_LAYER = new Set(["admin.uploads", "api.adEvents"]);

const CATCH_ALL = "routes/not-found";

/** Routes nothing links to, and why. */
const UNLINKED: Record<string, string> = {
  "routes/redirects/our-values": "an old address kept for links from elsewhere: it only redirects (301)",
  "routes/redirects/privacy-policy": "the same",
  [CATCH_ALL]: "the 404 page of every address no route has",
};

function routeObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    return entry.index ? { id, index: true } : { id, path: entry.path, children: entry.children && routeObjects(entry.children) };
  });
}

/** The ids of the routes that answer (not the layouts around them). */
function leafIds(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => (e.children ? leafIds(e.children) : [e.id ?? e.file.replace(/\.[jt]sx?$/, "")]));
}

const ROUTES = routeObjects(routeConfig);

function helperCalls(calls: object, prefix = ""): [string, string[]][] {
  return Object.entries(calls).flatMap(([key, value]): [string, string[]][] =>
    Array.isArray(value) ? [[`${prefix}${key}`, value]] : helperCalls(value, `${prefix}${key}.`),
  );
}

const NO_ROUTE = "(no route)";
const answeringRoute = (address: string) => matchRoutes(ROUTES, address)?.at(-1)?.route.id ?? NO_ROUTE;

describe("core/paths.ts and the route table", () => {
  const helpers = helperCalls(CALLS).map(([name, addresses]) => ({ name, addresses, routes: [...new Set(addresses.map(answeringRoute))] }));

  const rows = (http: boolean) => helpers.filter((h) => HTTP_LAYER.has(h.name) === http).map((h) => [h.name, h] as const);

  it.each(rows(false))("paths.%s is answered by one route of app/routes.ts", (_name, { addresses, routes }) => {
    expect(routes, addresses.join(", ")).toHaveLength(1);
    expect([CATCH_ALL, NO_ROUTE]).not.toContain(routes[0]);
  });

  it.each(rows(true))("paths.%s is left to the HTTP layer", (_name, { routes }) => {
    expect(routes).toEqual([CATCH_ALL]);
  });

  it("has one helper for every route something links to", () => {
    const helpersOf = new Map<string, string[]>();
    for (const h of helpers.filter((h) => !HTTP_LAYER.has(h.name))) {
      for (const id of h.routes) helpersOf.set(id, [...(helpersOf.get(id) ?? []), h.name]);
    }
    const missing = leafIds(routeConfig).filter((id) => !helpersOf.has(id) && !(id in UNLINKED));
    expect(missing, "add a helper to core/paths.ts (or say in UNLINKED why nothing links there)").toEqual([]);
    expect([...helpersOf].filter(([, names]) => names.length > 1)).toEqual([]);
    expect(Object.keys(UNLINKED).filter((id) => helpersOf.has(id))).toEqual([]);
  });
});
