import type { APIRequestContext, Page } from "@playwright/test";
import { paths, pathsIn } from "../../core/paths";

/**
 * The pages the accessibility specs walk (axe, page outlines, reflow), named once: the public pages with what
 * they need from the demo content, the account's pages, and the console's lists and new-item forms.
 */

/** What the public pages' addresses need from the demo content: a public video and a published blog post. */
export interface DemoContent {
  videoId: string;
  postSlug: string;
}

/** Every public page as a visitor past the age gate reaches it, error pages and a right-to-left one included. */
export const PUBLIC_PAGES: { name: string; path: (found: DemoContent) => string; allow?: string[] }[] = [
  { name: "home", path: () => paths.home() },
  { name: "category", path: () => paths.category("amateur") },
  { name: "video", path: (f) => paths.video(f.videoId) },
  { name: "search results", path: () => paths.search({ q: "aurora" }) },
  { name: "search without results (empty state)", path: () => paths.search({ q: "qqzzxq" }) },
  { name: "blog list", path: () => paths.blog() },
  { name: "blog post", path: (f) => paths.blogPost(f.postSlug) },
  { name: "values", path: () => paths.values() },
  { name: "faq", path: () => paths.faq() },
  { name: "contact", path: () => paths.contact() },
  { name: "report", path: (f) => paths.report({ type: "video", id: f.videoId }) },
  { name: "trust", path: () => paths.trust() },
  { name: "takedown", path: () => paths.takedown() },
  { name: "login", path: () => paths.login() },
  { name: "404", path: () => "/no-such-page" },
  { name: "unknown video (404)", path: () => paths.video("00000000-0000-4000-8000-000000000000") },
  { name: "Arabic home", path: () => pathsIn("ar").home() },
  { name: "Arabic video", path: (f) => pathsIn("ar").video(f.videoId) },
];

/** The account's pages every member has. */
export const ACCOUNT_PAGES = [paths.profile(), paths.favorites(), paths.history(), paths.playlists(), paths.settings()];

/** The console's lists and new-item forms, as an admin opens them (no id needed). */
export const CONSOLE_LISTS = [
  paths.admin.dashboard(),
  paths.admin.reports(),
  paths.admin.videos(),
  paths.admin.newVideo(),
  paths.admin.categories(),
  paths.admin.translations(),
  paths.admin.blog(),
  paths.admin.newBlogPost(),
  paths.admin.comments(),
  paths.admin.messages(),
  paths.admin.takedowns(),
  paths.admin.users(),
  paths.admin.ads(),
  paths.admin.audit(),
];

const visitorHtml = async (request: APIRequestContext, path: string) =>
  (await request.get(path, { headers: { cookie: "ageVerified=true" } })).text();

/**
 * The three most viewed videos of a demo category that have the demo media: other tests add videos of their own,
 * newer than the demo content (the home page can be all theirs by then), some public without any media (no player
 * on their page), in categories of their own.
 */
export async function demoVideoIds(request: APIRequestContext): Promise<string[]> {
  const mostViewed = await visitorHtml(request, paths.category("amateur", { order: { sort: "views", duration: null } }));
  // Each card up to its own end: what follows the last card of a list (the sidebar's thumbnails) is not its media.
  const cards = mostViewed
    .split("<article")
    .map((card) => card.split("</article>")[0] ?? "")
    .filter((card) => card.includes('"/media/demo/'));
  const ids = cards.map((card) => /href="\/video\/([0-9a-f-]{36})"/.exec(card)?.[1]).filter((id) => id !== undefined);
  return [...new Set(ids)].slice(0, 3);
}

/** The most viewed demo video and the first post on the blog's. */
export async function demoContent(request: APIRequestContext): Promise<DemoContent> {
  const [videoId] = await demoVideoIds(request);
  const postSlug = /href="\/blog\/([a-z0-9-]+)"/.exec(await visitorHtml(request, paths.blog()))?.[1];
  if (!videoId || !postSlug) throw new Error(`no demo video (${videoId}) or blog post (${postSlug}) found`);
  return { videoId, postSlug };
}

/** The console's editors of one item: a video's, a category's, a blog post's and its German version's (ids read from the lists). */
export async function consoleEditors(admin: Page, videoId: string): Promise<string[]> {
  const idIn = async (path: string, pattern: RegExp) => {
    const id = pattern.exec(await (await admin.request.get(path)).text())?.[1];
    if (!id) throw new Error(`no id in ${path}`);
    return id;
  };
  const categoryId = await idIn(paths.admin.categories(), /data-category-id="([0-9a-f-]{36})"/);
  const postId = await idIn(paths.admin.blog(), /href="\/admin\/blog\/([0-9a-f-]{36})"/);
  return [
    paths.admin.video(videoId),
    paths.admin.category(categoryId),
    paths.admin.blogPost(postId),
    paths.admin.blogPost(postId, { lang: "de" }),
  ];
}
