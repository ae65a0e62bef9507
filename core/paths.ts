import { DEFAULT_SORT, type ListingOrder, listingSearch } from "./listing-order";
import { DEFAULT_LOCALE, type Locale, localizePath } from "./locales";
import type { PlaylistRef } from "./playlists";
import { safeRedirectPath } from "./redirect-to";
import type { ReportTarget } from "./report-target";
import { MAX_SCOPE_CARDS, type ViewerScope } from "./viewer-state";

/**
 * Every address of the site that code links to, redirects to, mails, lists or fetches, built here and nowhere
 * else (docs/architecture.md "Code layout"): a helper per route of app/routes.ts, so renaming a route is an
 * edit here. tests/support/route-paths.test.ts holds the helpers to the route table, and
 * tests/support/path-literals.test.ts fails on a site path spelled out anywhere else in the code.
 *
 * Path parameters are percent-encoded and queries built with URLSearchParams, so ids and slugs come out as
 * they are and nothing a visitor typed can end a segment early. Loaded by the browser too: plain strings.
 */

type QueryValue = string | number | boolean | null | undefined;

/** `path` with the fields that have a value as its query ("", false, null and undefined are left out; true is `1`). */
function withQuery(path: string, fields: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    query.set(name, value === true ? "1" : String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Page 1 is the bare address: one address per page. */
const pageParam = (page: number | undefined) => (page !== undefined && page > 1 ? page : undefined);

const segment = encodeURIComponent;

/** A listing's sort, filter and page (core/listing-order.ts: the defaults never appear in the address). */
export interface Listing {
  order?: ListingOrder;
  page?: number;
}

const PLAIN_ORDER: ListingOrder = { sort: DEFAULT_SORT, duration: null };
const listing = (path: string, { order = PLAIN_ORDER, page = 1 }: Listing = {}, extra: Record<string, string> = {}) =>
  `${path}${listingSearch(order, page, extra)}`;

export const paths = {
  home: (list?: Listing) => listing("/", list),
  /** A category's listing, by slug (or by name: the page looks it up leniently, docs/product.md "Listings"). */
  category: (slug: string, list?: Listing) => listing(`/category/${segment(slug)}`, list),
  /** `list`: played as part of a playlist, with its queue beside it. */
  video: (videoId: string, { list }: { list?: PlaylistRef } = {}) => withQuery(`/video/${segment(videoId)}`, { list }),
  videoCredentials: (videoId: string) => `/video/${segment(videoId)}/credentials`,
  search: ({ q = "", ...list }: Listing & { q?: string } = {}) => listing("/search", list, q ? { q } : {}),
  blog: (page?: number) => withQuery("/blog", { page: pageParam(page) }),
  blogPost: (slug: string) => `/blog/${segment(slug)}`,
  feed: () => "/blog/feed.xml",

  values: () => "/values",
  career: () => "/career",
  terms: () => "/terms",
  privacy: () => "/privacy",
  faq: () => "/faq",
  contact: () => "/contact",
  /** The report form for an item (a plain link, so it works without JavaScript). */
  report: (target?: ReportTarget) => withQuery("/report", target ? { [target.type]: target.id } : {}),
  trust: () => "/trust",
  /** `url`: the address the request is about, filled in on the form. */
  takedown: (url?: string) => withQuery("/takedown", { url }),

  /**
   * The sign-in page, coming back to `redirectTo` afterwards when that is a path the redirect rule accepts
   * (core/redirect-to.ts; the page checks it again). Back to the home page needs no parameter.
   */
  login: (redirectTo = "/") => {
    const target = safeRedirectPath(redirectTo);
    return withQuery("/login", { redirectTo: target === "/" ? undefined : target });
  },
  logout: () => "/logout",
  /** The age gate's "I am 18 or older" (a form post). */
  ageVerification: () => "/age-verification",
  /** Where an age check starts (a form post), and where one that did not pass is shown. */
  ageCheck: (outcome?: { result: string; returnTo?: string }) => withQuery("/age-check", { ...outcome }),
  /** Where the age-verification provider sends the visitor back. */
  ageCheckCallback: () => "/age-check/callback",

  profile: () => "/profile",
  favorites: (page?: number) => withQuery("/favorites", { page: pageParam(page) }),
  history: (page?: number) => withQuery("/history", { page: pageParam(page) }),
  playlists: () => "/playlists",
  /** A playlist's page: Watch Later (`watch-later`) or a playlist's id. */
  playlist: (ref: PlaylistRef, page?: number) => withQuery(`/playlists/${segment(ref)}`, { page: pageParam(page) }),
  settings: () => "/settings",
  settingsExport: () => "/settings/export",

  robots: () => "/robots.txt",
  sitemap: () => "/sitemap.xml",

  /** The admin console (docs/product.md "Console"). */
  admin: {
    /** The dashboard; `period`: the days its chart and top lists cover (30 when left out). */
    dashboard: (query: { period?: number } = {}) => withQuery("/admin", query),
    reports: (page?: number) => withQuery("/admin/reports", { page: pageParam(page) }),
    videos: (query: { q?: string; visibility?: "public" | "private"; page?: number; deleted?: boolean } = {}) =>
      withQuery("/admin/videos", { ...query, page: pageParam(query.page) }),
    newVideo: () => "/admin/videos/new",
    video: (videoId: string) => `/admin/videos/${segment(videoId)}`,
    videoCaptions: (videoId: string) => `/admin/videos/${segment(videoId)}/captions`,
    /** A transcode job's progress, asked by the upload form. */
    videoJob: (jobId: string) => `/admin/videos/jobs/${segment(jobId)}`,
    /** The resumable-upload (tus) endpoint: the HTTP layer serves it before React Router (server/http/uploads.ts). */
    uploads: () => "/admin/uploads",
    categories: () => "/admin/categories",
    /** One category's description, translations and delete. */
    category: (categoryId: string) => `/admin/categories/${segment(categoryId)}`,
    /** What is missing or only drafted in each language (docs/i18n.md "Content"). */
    translations: () => "/admin/translations",
    blog: (query: { page?: number; deleted?: boolean } = {}) => withQuery("/admin/blog", { ...query, page: pageParam(query.page) }),
    newBlogPost: () => "/admin/blog/new",
    /** `lang`: the post's version in that language (docs/i18n.md "Content"); none: the English post. */
    blogPost: (postId: string, query: { created?: boolean; lang?: string } = {}) => withQuery(`/admin/blog/${segment(postId)}`, query),
    /** The editor's live preview (a post of the draft, answered with HTML). */
    blogPreview: () => "/admin/blog/preview",
    comments: (query: { video?: string; user?: string; page?: number } = {}) =>
      withQuery("/admin/comments", { ...query, page: pageParam(query.page) }),
    messages: (query: { q?: string; page?: number } = {}) => withQuery("/admin/messages", { ...query, page: pageParam(query.page) }),
    message: (messageId: string) => `/admin/messages/${segment(messageId)}`,
    takedowns: () => "/admin/takedowns",
    /** `q`: part of the e-mail address. */
    users: (query: { q?: string; page?: number } = {}) => withQuery("/admin/users", { ...query, page: pageParam(query.page) }),
    ads: () => "/admin/ads",
    /** `action`: an action or the start of one ("user."); `actor`: part of the actor's e-mail address. */
    audit: (query: { action?: string; actor?: string; page?: number } = {}) =>
      withQuery("/admin/audit", { ...query, page: pageParam(query.page) }),
  },

  /** The endpoints the pages' scripts and forms call. */
  api: {
    playToken: () => "/api/play-token",
    views: () => "/api/views",
    like: (videoId: string) => `/api/videos/${segment(videoId)}/like`,
    comments: () => "/api/comments",
    deleteComment: (commentId: string) => `/api/comments/${segment(commentId)}/delete`,
    favorites: () => "/api/favorites",
    history: () => "/api/history",
    /** Every playlist write (POST); with `video`, the Save dialog's list of playlists (GET). */
    playlists: (video?: string) => withQuery("/api/playlists", { video }),
    /** `lang`: the page's language, for the titles (none: English). */
    playlistQueue: (list: PlaylistRef, video: string, lang?: string) => withQuery(`/api/playlists/${segment(list)}/queue`, { video, lang }),
    autoplay: () => "/api/autoplay",
    captionStyle: () => "/api/caption-style",
    /** What a page with `scope` asks (stable for the same scope: it keys the browser's request). */
    viewerState: (scope?: ViewerScope) => {
      const cards = [...new Set(scope?.cards ?? [])].slice(0, MAX_SCOPE_CARDS);
      const path = withQuery("/api/viewer-state", { video: scope?.video, cards: cards.join(",") });
      return path.replaceAll("%2C", ","); // ids hold no commas: the list stays readable
    },
    /** `lang`: the page's language, whose titles are searched besides the English ones (none: English). */
    searchSuggestions: (q: string, lang?: string) => withQuery("/api/search-suggestions", { q, lang }),
    /** The live feed of ad-unit changes (Server-Sent Events): the HTTP layer serves it before React Router (server/http/ad-events.ts). */
    adEvents: () => "/api/ads/events",
  },
} as const;

/**
 * The one path parameter of `pathname` when it is an address `route` builds, whose parameter ends the path
 * (`paramOf(paths.video, "/video/<id>")` is the id; a trailing slash is allowed, as the router allows it), else
 * undefined. The parameter is returned as written, not decoded.
 */
export function paramOf(route: (param: string) => string, pathname: string): string | undefined {
  const prefix = route("");
  if (!pathname.startsWith(prefix)) return undefined;
  const param = pathname.slice(prefix.length).replace(/\/$/, "");
  return param && !param.includes("/") ? param : undefined;
}

export type Paths = typeof paths;

/**
 * The helpers of the pages a visitor reads in a language (app/routes.ts `localized`); the console, the endpoints,
 * feeds, files and the form posts keep one address in every language.
 */
const LOCALIZED = [
  "home",
  "category",
  "video",
  "videoCredentials",
  "search",
  "blog",
  "blogPost",
  "values",
  "career",
  "terms",
  "privacy",
  "faq",
  "contact",
  "report",
  "trust",
  "takedown",
  "login",
  "profile",
  "favorites",
  "history",
  "playlists",
  "playlist",
  "settings",
  "sitemap",
] as const satisfies readonly (keyof Paths)[];

const inLocale = new Map<Locale, Paths>();

/** `paths` as a page in `locale` links: its pages under the language's prefix (core/locales.ts), the rest as they are. */
export function pathsIn(locale: Locale): Paths {
  if (locale === DEFAULT_LOCALE) return paths;
  let localized = inLocale.get(locale);
  if (!localized) {
    const helpers: Record<string, unknown> = { ...paths };
    for (const name of LOCALIZED) {
      const helper = paths[name] as (...args: never[]) => string;
      helpers[name] = (...args: never[]) => localizePath(locale, helper(...args));
    }
    localized = helpers as Paths;
    inLocale.set(locale, localized);
  }
  return localized;
}
