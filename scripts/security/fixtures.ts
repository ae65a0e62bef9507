import type { Session } from "./sessions";
import { AGE_COOKIE } from "./sessions";
import type { Fixtures } from "./sqlmap-targets";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

async function page(origin: string, pathname: string, session?: Session): Promise<string> {
  const res = await fetch(`${origin}${pathname}`, { headers: { cookie: session ? `${session.cookie}; ${AGE_COOKIE}` : AGE_COOKIE } });
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status} while gathering scan fixtures`);
  return res.text();
}

function first(text: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(text)?.[1];
  if (!found) throw new Error(`no ${what} found while gathering scan fixtures`);
  return found;
}

const post = (origin: string, pathname: string, fields: Record<string, string>, session?: Session) =>
  fetch(`${origin}${pathname}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: session ? `${session.cookie}; ${AGE_COOKIE}` : AGE_COOKIE,
      "x-forwarded-for": "10.98.0.1",
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/**
 * Real ids for sqlmap's requests, made and read through the site itself: a comment by `user`, a contact
 * message, and the ids the console lists to `admin`.
 */
export async function gatherFixtures(origin: string, user: Session, admin: Session): Promise<Fixtures> {
  const home = await page(origin, "/");
  const videoId = first(home, new RegExp(`href="/video/(${UUID})"`), "video");
  const categorySlug = first(home, /href="\/category\/([a-z0-9-]+)"/, "category");
  const blogSlug = first(await page(origin, "/blog"), /href="\/blog\/([a-z0-9-]+)"/, "blog post");
  const video = await page(origin, `/video/${videoId}`);
  const searchTerm = first(video, /<h1[^>]*>(\w+)/, "video title");

  const commented = await post(origin, "/api/comments", { videoId, content: "A comment for the security scan.", js: "1" }, user);
  if (commented.status >= 400) throw new Error(`posting the scan's comment answered ${commented.status}`);
  const withComment = await page(origin, `/video/${videoId}`, user);
  const commentId = first(withComment, new RegExp(`/api/comments/(${UUID})/delete`), "comment");

  // The contact form wants its signed token and 3 s between showing the form and sending it.
  const contact = await page(origin, "/contact.data");
  const formToken = first(contact, /"formToken","([^"]+)"/, "contact form token");
  await new Promise((r) => setTimeout(r, 3500));
  const sent = await post(origin, "/contact", {
    name: "Scan Tester",
    email: "scan-contact@example.com",
    subject: "Security scan",
    message: "A message the security scan leaves for the console.",
    website: "",
    formToken,
  });
  if (sent.status >= 400) throw new Error(`sending the scan's contact message answered ${sent.status}`);

  const users = await page(origin, `/admin/users?q=${encodeURIComponent(user.email)}`, admin);
  const messages = await page(origin, "/admin/messages", admin);
  const blog = await page(origin, "/admin/blog", admin);
  const ads = await page(origin, "/admin/ads", admin);
  const categories = await page(origin, "/admin/categories", admin);
  return {
    videoId,
    categorySlug,
    searchTerm,
    blogSlug,
    commentId,
    userId: first(users, /name="userId" value="([^"]+)"/, "user id"),
    messageId: first(messages, new RegExp(`/admin/messages/(${UUID})`), "contact message"),
    postId: first(blog, new RegExp(`/admin/blog/(${UUID})`), "blog post id"),
    unitId: first(ads, new RegExp(`name="unitId" value="(${UUID})"`), "ad unit"),
    categoryId: first(categories, new RegExp(`name="categoryId" value="(${UUID})"`), "category id"),
  };
}
