import { paths } from "../../core/paths";
import { expect, hydrated, jsonLd, setFaults, test } from "./support";

test.afterEach(async ({ baseURL }) => setFaults(baseURL, []));

/** content/blog: the 12 published demo posts, newest published_at first. */
const PUBLISHED = [
  "building-our-community",
  "creator-economics",
  "understanding-pleaz-and-pzn",
  "accessibility-at-pleazure",
  "displaying-code-safely",
  "privacy-by-default",
  "adaptive-bitrate-explained",
  "streaming-with-hls",
  "synthetic-media-ethics",
  "why-we-label-every-video",
  "how-ai-video-generation-works",
  "welcome-to-pleazure",
];
const UNPUBLISHED = ["behind-the-curation", "creator-studio-preview"];

const previewSlugs = (page: import("@playwright/test").Page) =>
  page.locator("main article h2 a").evaluateAll((links) => links.map((a) => (a.getAttribute("href") ?? "").replace(/^\/blog\//, "")));

test("blog list: 10 newest published posts with previews, pagination to page 2, metadata", async ({ page }) => {
  const res = await page.goto(paths.blog());
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await expect(page).toHaveTitle("Blog | Pleazure");
  expect(await previewSlugs(page)).toEqual(PUBLISHED.slice(0, 10));

  // A preview: linked title, 'By {author}', published date, excerpt, tags.
  const first = page.locator("main article").first();
  await expect(first.getByRole("link", { name: "Building the Pleazure Community" })).toHaveAttribute(
    "href",
    "/blog/building-our-community",
  );
  await expect(first.getByText("By Juno Vale", { exact: true })).toBeVisible();
  await expect(first.locator("time")).toHaveText("November 3, 2026");
  await expect(first.locator("time")).toHaveAttribute("datetime", "2026-11-03T13:30:00.000Z");
  await expect(first).toContainText("A platform is more than a library.");
  await expect(first.getByRole("list", { name: "Tags" }).locator("li")).toHaveText(["community", "roadmap"]);

  // Metadata: canonical, Blog + breadcrumbs JSON-LD, the feed link.
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/blog$/);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    /^http:\/\/127\.0\.0\.1:\d+\/blog\/feed\.xml$/,
  );
  const ld = await jsonLd(page);
  expect(ld.find((d) => d["@type"] === "Blog")?.blogPost).toHaveLength(10);
  expect(ld.find((d) => d["@type"] === "BreadcrumbList")).toBeTruthy();

  const nav = page.getByRole("navigation", { name: "Pagination" });
  await expect(nav.locator("[aria-current=page]")).toHaveText("1");
  await nav.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.locator("main article")).toHaveCount(2);
  expect(await previewSlugs(page)).toEqual(PUBLISHED.slice(10));
  await expect(nav.locator("[aria-current=page]")).toHaveText("2");
  await expect(page).toHaveTitle("Blog - Page 2 | Pleazure");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/blog\?page=2$/);
  await expect(page.locator("main")).not.toContainText("Behind the Curation");
});

test("blog list: bad page values show page 1, past the end redirects to the last page", async ({ page }) => {
  for (const bad of ["abc", "0", "-1", "1.5"]) {
    const res = await page.goto(`/blog?page=${bad}`);
    expect(res?.status()).toBe(200);
    expect(await previewSlugs(page)).toEqual(PUBLISHED.slice(0, 10));
  }
  await page.goto("/blog?page=99");
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.locator("main article")).toHaveCount(2);
});

test("blog list failure shows the SPEC text and Retry recovers", async ({ page, baseURL }) => {
  await setFaults(baseURL, ["blog.list"]);
  const res = await page.goto(paths.blog());
  expect(res?.status()).toBe(500);
  await expect(page.getByText("Failed to load blog posts. Please try again later.")).toBeVisible();
  await setFaults(baseURL, []);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.locator("main article")).toHaveCount(10);
});

test("a post: title, byline, date, chips, rendered markdown; code is shown, never run", async ({ page }) => {
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  const res = await page.goto("/blog/displaying-code-safely");
  expect(res?.status()).toBe(200);
  const article = page.locator("main article");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText("How We Display Code and Text Safely");
  await expect(article.getByText("By Theo Marsh", { exact: true })).toBeVisible();
  await expect(article.locator("header time")).toHaveText("March 24, 2026");
  await expect(article.getByRole("list", { name: "Tags" }).locator("li")).toHaveText(["engineering", "security"]);

  // Markdown: headings, bold, ordered and bulleted lists, a table, inline and block code, links.
  await expect(article.getByRole("heading", { level: 2, name: "What cross-site scripting is" })).toBeVisible();
  await expect(article.locator("strong", { hasText: "cross-site scripting" })).toBeVisible();
  await expect(article.locator("ol > li")).toHaveCount(4);
  await expect(article.locator("ul:not([aria-label]) > li")).toHaveCount(3);
  const table = article.locator("table");
  await expect(table.locator("th")).toHaveText(["Character", "Escaped form"]);
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(table.locator("tbody tr").first().locator("td code")).toHaveText(["<", "&lt;"]);
  await expect(article.locator("pre code")).toContainText("<script>alert(1)</script>");
  await expect(article.locator("pre code")).toHaveClass(/language-html/);
  await expect(article.getByRole("link", { name: "privacy by default" })).toHaveAttribute("href", "/blog/privacy-by-default");

  // Nothing from the post became markup: only the app's own scripts exist, no alert appeared.
  expect(await article.locator("script, iframe, object, embed").count()).toBe(0);
  await page.waitForLoadState("load");
  expect(dialogs).toEqual([]);
  // Server HTML and hydration agree (no mismatch warnings), and nothing failed on the page.
  expect(errors).toEqual([]);

  // Links inside the post navigate client-side, with the loading text while the next post loads.
  await hydrated(page);
  await page.route("**/*.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await article.getByRole("link", { name: "privacy by default" }).click();
  await expect(page.getByText("Loading blog post...")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy by Default");
});

test("images get empty alt text by default and load lazily", async ({ page }) => {
  await page.goto(paths.blogPost("welcome-to-pleazure"));
  const img = page.locator("main article img").first();
  await expect(img).toHaveAttribute("src", "/media/og/blog-default.png");
  await expect(img).toHaveAttribute("alt", "");
  await expect(img).toHaveAttribute("loading", "lazy");
});

test("'Loading blog post...' shows while a post loads from the list", async ({ page }) => {
  await page.goto(paths.blog());
  await hydrated(page);
  await page.route("**/*.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.getByRole("link", { name: "Creator Economics on Pleazure" }).click();
  await expect(page.getByText("Loading blog post...")).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/creator-economics$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Creator Economics on Pleazure");
  await expect(page.getByText("Loading blog post...")).toHaveCount(0);
});

test("unknown and unpublished posts answer 404 'Blog post not found.'", async ({ page }) => {
  for (const slug of ["no-such-post", ...UNPUBLISHED, "%3Cscript%3E"]) {
    const res = await page.goto(paths.blogPost(slug));
    expect(res?.status(), slug).toBe(404);
    await expect(page.getByText("Blog post not found.")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  }
});

test("post fetch failure shows the SPEC text with status 500", async ({ page, baseURL }) => {
  await setFaults(baseURL, ["blog.post"]);
  const res = await page.goto(paths.blogPost("welcome-to-pleazure"));
  expect(res?.status()).toBe(500);
  await expect(page.getByText("Failed to load blog post. Please try again later.")).toBeVisible();
  await setFaults(baseURL, []);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Pleazure");
});

test("post metadata: SEO fields, fallbacks, social-image rule, canonical override, BlogPosting", async ({ page }) => {
  // No meta_description: the excerpt is the description; no og_image_url: the default image.
  await page.goto("/blog/accessibility-at-pleazure");
  await expect(page).toHaveTitle("Making Pleazure Accessible | Pleazure");
  const excerpt =
    "Accessibility is part of good design. Here is what we have done so far to make the site usable for more people, and what is still on our list.";
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", excerpt);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", excerpt);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-default\.png$/);
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /^http:\/\/127\.0\.0\.1:\d+\/blog\/accessibility-at-pleazure$/);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(1);
  const ld = await jsonLd(page);
  const posting = ld.find((d) => d["@type"] === "BlogPosting");
  expect(posting).toMatchObject({
    headline: "Making Pleazure Accessible",
    datePublished: "2026-05-05T08:00:00.000Z",
    author: { "@type": "Person", name: "Mara Quill" },
    keywords: "accessibility, design",
    mainEntityOfPage: { "@type": "WebPage" },
  });
  expect(String(posting?.dateModified)).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(String(posting?.image)).toMatch(/\/og-default\.png$/);
  expect(ld.find((d) => d["@type"] === "BreadcrumbList")).toBeTruthy();

  // og_image_url without an image extension: the default image; own og/twitter texts are used.
  await page.goto("/blog/privacy-by-default");
  await expect(page).toHaveTitle("Privacy by Default at Pleazure | Pleazure");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-default\.png$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Privacy by default");
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", "Privacy by default at Pleazure");
  await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute("content", "How we keep data collection to a minimum.");

  // og_image_url on our media storage is used.
  await page.goto(paths.blogPost("welcome-to-pleazure"));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http:\/\/127\.0\.0\.1:\d+\/media\/og\/blog-default\.png$/,
  );

  // canonical_url overrides /blog/{slug}.
  await page.goto("/blog/how-ai-video-generation-works");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", "https://pleazure.example/blog/how-ai-video-generation-works");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    "https://pleazure.example/blog/how-ai-video-generation-works",
  );
});

test("RSS feed: valid XML, the 12 published posts with absolute links and dates, no drafts", async ({ page, request, baseURL }) => {
  const res = await request.get(paths.feed());
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await res.text();
  await page.goto(paths.blog());
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    const items = [...doc.querySelectorAll("channel > item")];
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      root: doc.documentElement.nodeName,
      version: doc.documentElement.getAttribute("version"),
      items: items.map((i) => ({
        title: i.querySelector("title")?.textContent,
        link: i.querySelector("link")?.textContent,
        pubDate: i.querySelector("pubDate")?.textContent,
        description: i.querySelector("description")?.textContent,
      })),
    };
  }, xml);
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe("rss");
  expect(parsed.version).toBe("2.0");
  expect(parsed.items).toHaveLength(12);
  expect(parsed.items.map((i) => i.link)).toEqual(PUBLISHED.map((slug) => `${baseURL}/blog/${slug}`));
  expect(parsed.items[2]?.title).toBe("Understanding $PLEAZ and $PZN");
  expect(parsed.items[0]?.pubDate).toBe("Tue, 03 Nov 2026 13:30:00 GMT");
  for (const item of parsed.items) expect(item.description?.length).toBeGreaterThan(20);
  for (const slug of UNPUBLISHED) expect(xml).not.toContain(slug);
});
